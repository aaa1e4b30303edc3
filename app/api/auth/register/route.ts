// POST /api/auth/register: anyone. Creates an account and returns a bearer token.
import { registerSchema } from "@/lib/accounts/schemas";
import { serializeUser } from "@/lib/accounts/serialize";
import { registerUser } from "@/lib/accounts/service";
import { route } from "@/lib/api/route";
import { issueAccessToken } from "@/lib/auth/tokens";

export const POST = route({
  auth: "public",
  body: registerSchema,
  status: 201,
  handler: async ({ body, ip }) => {
    const user = await registerUser(body, ip);
    return { access_token: await issueAccessToken(user.id), token_type: "bearer", user: serializeUser(user) };
  },
});
