// POST /api/auth/register: anyone. Creates an account and returns a bearer token.
import { registerSchema } from "@/lib/domains/accounts";
import { serializeUser } from "@/lib/domains/accounts";
import { registerUser } from "@/lib/domains/accounts";
import { route } from "@/lib/domains/route";
import { issueAccessToken } from "@/lib/domains/accounts";
import { notificationLocale } from "@/lib/domains/notifications";

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
