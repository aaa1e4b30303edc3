/**
 * The caller's address, and the one rule that decides it (docs/architecture.md, "The
 * client address").
 *
 * Our HTTP server (scripts/server.ts) rewrites X-Forwarded-For before Next sees a
 * request, with `trustedForwardedFor` below: of the chain the request arrived with it
 * keeps only the TRUST_PROXY_HOPS entries nearest to us (the ones our own proxies wrote)
 * and appends the address of the socket. So a request reaches the app with at most
 * TRUST_PROXY_HOPS + 1 entries, of which the leftmost is the client as our farthest
 * trusted proxy saw it; whatever the client wrote itself is gone. `clientIp` reads that
 * entry: TRUST_PROXY_HOPS + 1 from the right (the rightmost for 0), or the leftmost when
 * the chain is shorter (a request that reached us past the proxies).
 *
 * Without our server (plain `next start`, or a platform such as Vercel that overwrites
 * X-Forwarded-For with the client's address itself) the same reading holds as long as
 * the header is written by someone we trust; plain `next start` only sets it when the
 * client did not, so do not run production that way.
 */

/** Leading `::ffff:` of an IPv4 address on a dual-stack socket is noise. */
export function normalizeAddress(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const v4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return v4 ? v4[1] : address;
}

/** The entries of one or more X-Forwarded-For values, in order. */
export function forwardedEntries(value: string | string[] | null | undefined): string[] {
  const values = Array.isArray(value) ? value : value ? [value] : [];
  return values
    .flatMap((v) => v.split(","))
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The X-Forwarded-For our server passes on: the `trustedHops` rightmost entries of the
 * incoming chain, then the socket's address.
 */
export function trustedForwardedFor(
  incoming: string | string[] | null | undefined,
  socketAddress: string | undefined,
  trustedHops: number,
): string {
  const kept = trustedHops > 0 ? forwardedEntries(incoming).slice(-trustedHops) : [];
  return [...kept, normalizeAddress(socketAddress) ?? "unknown"].join(", ");
}

/** The caller's IP for rate limiting and the like: see the rule at the top. */
export function clientIp(headers: Headers, trustedHops: number): string {
  const entries = forwardedEntries(headers.get("x-forwarded-for"));
  if (entries.length === 0) return headers.get("x-real-ip")?.trim() || "unknown";
  const index = Math.max(0, entries.length - 1 - Math.max(0, trustedHops));
  return entries[index] ?? "unknown";
}
