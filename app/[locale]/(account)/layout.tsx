import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AccountMessages } from "@/components/i18n/page-messages";
import { currentUser } from "@/lib/domains/accounts";
import { loginUrlFor } from "@/lib/domains/accounts";

// Every page here is about the signed-in visitor: rendered per request, never cached.
export const dynamic = "force-dynamic";

/**
 * Login-only pages: a visitor without a valid session goes to the home
 * page, where the login dialog opens with the reason and, after login, brings them back
 * (the path comes from proxy.ts).
 */
export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser();
  if (!user) redirect(loginUrlFor((await headers()).get("x-kringwaar-path") ?? "/"));
  return <AccountMessages>{children}</AccountMessages>;
}
