// POST /api/users/me/photo (multipart field `file`) and DELETE /api/users/me/photo: the
// signed-in user sets or removes their profile photo; both answer the user.
import { removeProfilePhoto, setProfilePhoto } from "@/lib/domains/accounts";
import { serializeUser } from "@/lib/domains/accounts";
import { readMultipartFile } from "@/lib/platform/api/multipart";
import { route } from "@/lib/domains/route";
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from "@/lib/platform/storage/image-limits";

export const POST = route({
  auth: "user",
  handler: async ({ req, user }) => {
    const file = await readMultipartFile(req, "file", MAX_IMAGE_BYTES, IMAGE_TOO_LARGE);
    return serializeUser(await setProfilePhoto(user, file.bytes));
  },
});

export const DELETE = route({
  auth: "user",
  handler: async ({ user }) => serializeUser(await removeProfilePhoto(user)),
});
