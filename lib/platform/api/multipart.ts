/**
 * Reads one file from a multipart/form-data request without trusting the client about
 * its size: the declared Content-Length is checked before anything is read, and the
 * body is read with a running cap (lib/platform/api/body.ts), so a huge or endless upload is cut
 * off early instead of being buffered whole (Request.formData() would buffer everything
 * first).
 */
import { readBodyBytes } from "./body";
import { AppError } from "./errors";

/** Room for the multipart boundaries and part headers around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

export type UploadedFile = { bytes: Buffer; name: string; declaredType: string };

export function isMultipart(req: Request): boolean {
  return (req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * The whole multipart form, read with a cap of `maxFilesBytes` (plus room for the
 * envelope): for a request that carries several files and text fields together.
 */
export async function readMultipartForm(req: Request, maxFilesBytes: number, tooLargeDetail: string): Promise<FormData> {
  if (!isMultipart(req)) {
    throw new AppError("bad_request", "Send the form as multipart/form-data", { code: "not_multipart" });
  }
  const body = await readBodyBytes(req, maxFilesBytes + ENVELOPE_BYTES, () => tooLarge(tooLargeDetail));
  try {
    return await new Response(new Uint8Array(body), { headers: { "content-type": req.headers.get("content-type")! } }).formData();
  } catch {
    throw new AppError("bad_request", "The upload could not be read as multipart/form-data", {
      code: "bad_multipart",
    });
  }
}

export async function readMultipartFile(
  req: Request,
  field: string,
  maxFileBytes: number,
  tooLargeDetail: string,
): Promise<UploadedFile> {
  if (!isMultipart(req)) {
    throw new AppError("bad_request", `Send the image as multipart/form-data in the field "${field}"`, {
      code: "not_multipart",
    });
  }
  const form = await readMultipartForm(req, maxFileBytes, tooLargeDetail);
  const value = form.get(field);
  if (value === null || typeof value === "string") {
    throw new AppError("bad_request", `No file in the field "${field}"`, { code: "no_file" });
  }
  if (value.size > maxFileBytes) throw tooLarge(tooLargeDetail);
  return { bytes: Buffer.from(await value.arrayBuffer()), name: value.name, declaredType: value.type };
}

function tooLarge(detail: string): AppError {
  return new AppError("too_large", detail, { code: "too_large" });
}
