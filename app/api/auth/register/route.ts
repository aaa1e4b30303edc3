// POST /api/auth/register: anyone. Creates an account and returns a bearer token.
import { registerSchema } from "@/lib/domains/accounts/schemas";
import { serializeUser } from "@/lib/domains/accounts/serialize";
import { registerUser } from "@/lib/domains/accounts/service";
import { route } from "@/lib/platform/api/route";
import { issueAccessToken } from "@/lib/domains/accounts/auth/tokens";
import { notificationLocale } from "@/lib/domains/notifications/feed";

export const POST = route({
  auth: "public",
  body: registerSchema,
  status: 201,
  handler: async ({ body, ip, req }) => {
    // The account speaks the language the visitor registered in (the site's cookie, or
    // an app's Accept-Language); Settings can change it.
    const user = await registerUser(body, ip, notificationLocale(req));
    return { access_token: await issueAccessToken(user.id), token_type: "bearer", user: serializeUser(user) };
  },
});
