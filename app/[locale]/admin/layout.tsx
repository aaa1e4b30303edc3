import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminSidebar } from "@/components/admin/admin-sidebar";
import { AccountMessages } from "@/components/i18n/page-messages";
import { currentUser } from "@/lib/domains/accounts";

// Admin pages: rendered per request, never cached.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { robots: { index: false } };

/** /admin and its pages render only for admins (docs/accounts.md); others go to /. */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser();
  if (!user?.isAdmin) redirect("/");
  return (
    <AccountMessages>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row lg:px-8">
        <AdminSidebar />
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </AccountMessages>
  );
}
