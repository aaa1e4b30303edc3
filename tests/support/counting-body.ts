/** A request body stream of `total` bytes that counts how much the server pulled from it. */
export function countingBody(total: number, chunk = 64 * 1024) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(chunk, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  return { stream, pulled: () => sent };
}
