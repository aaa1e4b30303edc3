// GET, POST /api/auth/* (next-auth: session, csrf, credentials callback, signout): anyone.
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { readBodyText, tooLargeBody } from "@/lib/platform/api/body";
import { AppError } from "@/lib/platform/api/errors";
import { json, MAX_JSON_BYTES } from "@/lib/domains/route";
import { authOptions } from "@/lib/domains/accounts";

async function handler(req: NextRequest, ctx: { params: Promise<{ nextauth: string[] }> }) {
  let request = req;
  if (req.method === "POST" && req.body !== null) {
    // next-auth reads the whole body with req.text() or req.json(), however large. Its
    // forms are a few hundred bytes: read under the JSON cap of every other route and hand
    // next-auth a request that carries exactly what was read.
    try {
      const body = await readBodyText(req, MAX_JSON_BYTES, () => tooLargeBody(MAX_JSON_BYTES));
      request = new NextRequest(req.url, { method: req.method, headers: req.headers, body });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return json({ detail: error.message, code: error.code }, error.status, { "Cache-Control": "no-store" });
    }
  }
  return NextAuth(authOptions())(request, ctx);
}

export { handler as GET, handler as POST };
