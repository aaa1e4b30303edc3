/**
 * Rewriting a response body on its way out of scripts/server.ts, chunk by chunk, after
 * Next wrote it: the CSP nonce swap (lib/platform/http/render-nonce.ts) and paint-first
 * script loading (lib/platform/http/paint-first.ts) use it.
 */
import type { ServerResponse } from "node:http";

/** A streaming rewrite: `push` returns what may be sent now, `flush` what was held back. */
export interface BodyTransform {
  push(chunk: Buffer): Buffer;
  flush(): Buffer;
}

type WriteCallback = (error?: Error | null) => void;

function toBuffer(chunk: unknown, encoding?: BufferEncoding): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), encoding ?? "utf8");
}

/**
 * Passes every body chunk `res` is given through the transform `choose` returns. `choose`
 * is called once, when the head is written or the first chunk comes (whichever is first),
 * and sees the response's headers then; null leaves the body alone.
 */
export function interceptBody(res: ServerResponse, choose: () => BodyTransform | null): void {
  let transform: BodyTransform | null | undefined;
  const decide = () => (transform === undefined ? (transform = choose()) : transform);

  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    decide();
    return writeHead(...args);
  }) as typeof res.writeHead;

  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, encodingOrCallback?: BufferEncoding | WriteCallback, callback?: WriteCallback) => {
    const current = decide();
    if (!current) return write(chunk, encodingOrCallback, callback);
    const encoding = typeof encodingOrCallback === "string" ? encodingOrCallback : undefined;
    const done = typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
    return write(current.push(toBuffer(chunk, encoding)), done);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encodingOrCallback?: BufferEncoding | (() => void), callback?: () => void) => {
    const current = decide();
    if (!current) return end(chunk, encodingOrCallback, callback);
    const encoding = typeof encodingOrCallback === "string" ? encodingOrCallback : undefined;
    const done = typeof chunk === "function" ? chunk : typeof encodingOrCallback === "function" ? encodingOrCallback : callback;
    const body = chunk === undefined || chunk === null || typeof chunk === "function" ? Buffer.alloc(0) : current.push(toBuffer(chunk, encoding));
    return end(Buffer.concat([body, current.flush()]), done);
  }) as typeof res.end;
}
