// POST /api/auth/login: anyone. Returns a bearer token for valid credentials.
import { loginSchema } from "@/lib/domains/accounts";
import { serializeUser } from "@/lib/domains/accounts";
import { authenticate } from "@/lib/domains/accounts";
import { route } from "@/lib/domains/route";
import { issueAccessToken } from "@/lib/domains/accounts";

export const POST = route({
  auth: "public",
  body: loginSchema,
  handler: async ({ body, ip }) => {
    const user = await authenticate(body, ip);
    return { access_token: await issueAccessToken(user.id), token_type: "bearer", user: serializeUser(user) };
  },
});
