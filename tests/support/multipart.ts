/**
 * Multipart uploads to a real route handler, the way a browser's FormData sends them.
 */
import { NextRequest } from "next/server";
import { ORIGIN, type CallResult } from "./http";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type UploadOptions = {
  token?: string;
  /** The multipart field (default `file`). */
  field?: string;
  filename?: string;
  /** The type the client claims; the server must not trust it. */
  type?: string;
  headers?: Record<string, string>;
  ip?: string;
  /** The route's path parameters (`{ id }` of /api/conversations/{id}/messages). */
  params?: Record<string, string>;
};

/** Builds the multipart body with the platform's own encoder and sends it. */
export async function upload<T = any>(handler: Handler, bytes: Uint8Array, options: UploadOptions = {}): Promise<CallResult<T>> {
  const form = new FormData();
  form.append(
    options.field ?? "file",
    new Blob([new Uint8Array(bytes)], { type: options.type ?? "application/octet-stream" }),
    options.filename ?? "upload.bin",
  );
  const encoded = new Request(ORIGIN, { method: "POST", body: form });
  const body = new Uint8Array(await encoded.arrayBuffer());
  const headers = new Headers(options.headers);
  headers.set("content-type", encoded.headers.get("content-type")!);
  if (!headers.has("content-length")) headers.set("content-length", String(body.length));
  headers.set("x-forwarded-for", options.ip ?? "198.51.100.7");
  headers.set("host", "localhost:3000");
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  const req = new NextRequest(new URL("/api/upload-image", ORIGIN), { method: "POST", headers, body });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}
