// GET /uploads/{key}: anyone. Images stored by the local storage driver.
import { env } from "@/lib/platform/env";
import { createLocalStorage } from "@/lib/platform/storage/local";

// Not through the API route wrapper: a public image needs no caller, session lookup or
// database, and this runs for every thumbnail on every page.
// The local driver, whatever STORAGE_DRIVER says: with S3 the image URLs point at the
// bucket, so nothing links here and a request simply finds no file.

type Context = { params: Promise<{ path: string[] }> };

export async function GET(_req: Request, { params }: Context): Promise<Response> {
  const key = (await params).path.join("/");
  // Chat photos are private: only GET /api/messages/images/{id} serves them, after its checks.
  const file = key.startsWith("chat/") ? null : await createLocalStorage(env().UPLOADS_DIR).get(key);
  if (!file) {
    return Response.json({ detail: "Not found", code: "not_found" }, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.body.length),
      // Keys are never reused for different content (a new upload gets a new key).
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
