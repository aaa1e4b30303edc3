// /api/mail/unsubscribe?token=…: the List-Unsubscribe address of our mails (RFC 8058).
// POST (the mail program's one-click, or the /unsubscribe page) turns that category off
// without a login; the signed token says whose and which. GET only shows the page:
// link scanners must not unsubscribe anyone.
import { NextResponse } from "next/server";
import { z } from "zod";
import { unsubscribe, type UnsubscribedJson } from "@/lib/domains/accounts";
import { readBodyText, tooLargeBody } from "@/lib/platform/api/body";
import { AppError } from "@/lib/platform/api/errors";
import { MAX_JSON_BYTES, readJson, route } from "@/lib/domains/route";
import { absoluteUrl } from "@/lib/platform/site";
import { readUnsubscribeToken } from "@/lib/platform/mail/unsubscribe";

const query = z.object({ token: z.string().max(300).optional() });

export const GET = route({
  auth: "public",
  query,
  handler: async ({ query }) =>
    NextResponse.redirect(absoluteUrl(`/unsubscribe?token=${encodeURIComponent(query.token ?? "")}`), 303),
});

export const POST = route({
  auth: "public",
  query,
  handler: async ({ query, req }) => {
    // The token comes in the address (one-click) or, from our page, in a JSON body. The
    // one-click body ("List-Unsubscribe=One-Click", form-encoded or multipart) says
    // nothing we need, but it is read under the same cap as JSON so that no body is
    // unbounded.
    let token = query.token;
    if (req.headers.get("content-type")?.includes("application/json")) {
      const body = (await readJson(req)) as { token?: unknown };
      if (!token && typeof body?.token === "string") token = body.token;
    } else {
      await readBodyText(req, MAX_JSON_BYTES, () => tooLargeBody(MAX_JSON_BYTES));
    }
    const claims = token ? readUnsubscribeToken(token) : null;
    if (!claims) throw new AppError("bad_request", "This unsubscribe link is invalid", { code: "unsubscribe_invalid" });
    if (!(await unsubscribe(claims.userId, claims.category))) {
      throw new AppError("bad_request", "This unsubscribe link is invalid", { code: "unsubscribe_invalid" });
    }
    return { detail: "Unsubscribed", category: claims.category } satisfies UnsubscribedJson;
  },
});
