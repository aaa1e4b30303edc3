import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/current-user";

/** Login-only pages (SPEC section 2): visitors without a valid session go to the home page. */
export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser();
  if (!user) redirect("/");
  return children;
}
