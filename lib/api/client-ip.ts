/**
 * The caller's IP for rate limiting. Next's server sets X-Forwarded-For from the socket
 * when the request has none; each trusted proxy appends the address it saw. So the
 * entry TRUST_PROXY_HOPS from the right (the rightmost for 0 or 1) is the first address
 * we did not get from the client itself. Without a proxy that overwrites the header a
 * client can choose it: run behind one in production (docs/operations.md).
 */
export function clientIp(headers: Headers, trustedHops: number): string {
  const entries = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return headers.get("x-real-ip")?.trim() || "unknown";
  const index = Math.max(0, entries.length - Math.max(1, trustedHops));
  return entries[index] ?? "unknown";
}
