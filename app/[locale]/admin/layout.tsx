import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AdminSidebar } from "@/components/admin/admin-sidebar";
import { getMessages } from "next-intl/server";
import { MoreMessages } from "@/components/i18n/more-messages";
import { currentUser } from "@/lib/domains/accounts";
import { accountMessages } from "@/lib/platform/i18n/client-messages";

// Admin pages: rendered per request, never cached.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { robots: { index: false } };

/** /admin and its pages render only for admins (DECISIONS.md section 3); others go to /. */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const user = await currentUser();
  if (!user?.isAdmin) redirect("/");
  return (
    <MoreMessages messages={accountMessages(await getMessages())}>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 md:flex-row lg:px-8">
        <AdminSidebar />
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </MoreMessages>
  );
}
