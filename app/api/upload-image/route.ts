// POST /api/upload-image: signed-in users. Multipart field `file`; returns {url, thumbnail_url}.
import { readMultipartFile } from "@/lib/platform/api/multipart";
import { route } from "@/lib/domains/route";
import { uploadProductImage } from "@/lib/domains/catalog";
import { LISTING_MESSAGES, MAX_IMAGE_BYTES } from "@/lib/domains/catalog";

export const POST = route({
  auth: "user",
  status: 201,
  handler: async ({ req, user }) => {
    const file = await readMultipartFile(req, "file", MAX_IMAGE_BYTES, LISTING_MESSAGES.imageTooLarge);
    return uploadProductImage(user.id, file.bytes);
  },
});
