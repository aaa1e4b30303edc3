/**
 * Reads a request body with a cap, for every route that reads one (the route wrapper's
 * JSON bodies, uploads, the Stripe webhook, the mail program's one-click unsubscribe).
 * Request.text(), json() and formData() buffer the whole body first, however large; this
 * refuses a too-large body by its declared Content-Length before reading anything, and
 * otherwise counts while streaming and stops at the first byte over the cap, so neither a
 * lying Content-Length nor a chunked upload of gigabytes is held in memory.
 */
import { AppError } from "./errors";

/** Makes the error thrown for a body over the cap (a 413 for the client). */
export type TooLarge = () => Error;

/** The body's bytes, at most `maxBytes` of them, or `tooLarge()` is thrown. */
export async function readBodyBytes(req: Request, maxBytes: number, tooLarge: TooLarge): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as UTF-8 text (what Request.text() gives), with the same cap. */
export async function readBodyText(req: Request, maxBytes: number, tooLarge: TooLarge): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(req, maxBytes, tooLarge));
}

/** The usual 413 `{detail}` for a body over `maxBytes`. */
export function tooLargeBody(maxBytes: number): AppError {
  return new AppError("too_large", `Request body too large (at most ${Math.round(maxBytes / 1024)} KB)`, {
    code: "body_too_large",
  });
}
