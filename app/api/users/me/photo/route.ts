// POST /api/users/me/photo (multipart field `file`) and DELETE /api/users/me/photo: the
// signed-in user sets or removes their profile photo; both answer the user.
import { removeProfilePhoto, setProfilePhoto } from "@/lib/domains/accounts/photo";
import { serializeUser } from "@/lib/domains/accounts/serialize";
import { readMultipartFile } from "@/lib/platform/api/multipart";
import { route } from "@/lib/platform/api/route";
import { LISTING_MESSAGES, MAX_IMAGE_BYTES } from "@/lib/domains/catalog/schemas";

export const POST = route({
  auth: "user",
  handler: async ({ req, user }) => {
    const file = await readMultipartFile(req, "file", MAX_IMAGE_BYTES, LISTING_MESSAGES.imageTooLarge);
    return serializeUser(await setProfilePhoto(user, file.bytes));
  },
});

export const DELETE = route({
  auth: "user",
  handler: async ({ user }) => serializeUser(await removeProfilePhoto(user)),
});
