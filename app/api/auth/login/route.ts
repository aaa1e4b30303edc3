// POST /api/auth/login: anyone. Returns a bearer token for valid credentials.
import { loginSchema } from "@/lib/domains/accounts/schemas";
import { serializeUser } from "@/lib/domains/accounts/serialize";
import { authenticate } from "@/lib/domains/accounts/service";
import { route } from "@/lib/platform/api/route";
import { issueAccessToken } from "@/lib/domains/accounts/auth/tokens";

export const POST = route({
  auth: "public",
  body: loginSchema,
  handler: async ({ body, ip }) => {
    const user = await authenticate(body, ip);
    return { access_token: await issueAccessToken(user.id), token_type: "bearer", user: serializeUser(user) };
  },
});
