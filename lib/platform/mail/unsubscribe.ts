/**
 * One-click unsubscribe links (RFC 8058): a token naming the user and the category,
 * signed with a key derived from AUTH_SECRET, so nobody can unsubscribe someone else.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/platform/env";
import { isMailCategory, type MailCategory } from "./categories";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function signature(payload: string): Buffer {
  return createHmac("sha256", `${env().AUTH_SECRET}:mail-unsubscribe`).update(payload).digest();
}

export function unsubscribeToken(userId: string, category: MailCategory): string {
  const payload = `${userId}.${category}`;
  return `${payload}.${signature(payload).toString("base64url")}`;
}

/** The user and category of a genuine token, else null. */
export function readUnsubscribeToken(token: string): { userId: string; category: MailCategory } | null {
  const [userId, category, sig, ...rest] = token.split(".");
  if (rest.length > 0 || !userId || !category || !sig || !UUID.test(userId) || !isMailCategory(category)) return null;
  const expected = signature(`${userId}.${category}`);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, category };
}
