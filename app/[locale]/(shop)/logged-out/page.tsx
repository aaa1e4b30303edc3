import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LogOutIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { loginUrlFor } from "@/lib/domains/accounts";

// Reads the reason from the query: per request.
export const dynamic = "force-dynamic";

const REASONS = ["password_changed", "password_reset", "account_deleted", "banned", "expired"] as const;
type Reason = (typeof REASONS)[number];
const isReason = (value: unknown): value is Reason => typeof value === "string" && (REASONS as readonly string[]).includes(value);

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("loggedOut");
  return { title: t("title"), robots: { index: false } };
}

/**
 * /logged-out?reason=…: where a browser lands when its session was ended elsewhere (a
 * password change or reset on another device, the account deleted or banned), so it
 * says why instead of a silent logout (components/auth/use-session-user.ts sends it here).
 */
export default async function LoggedOutPage({ searchParams }: { searchParams: Promise<{ reason?: string | string[] }> }) {
  const t = await getTranslations("loggedOut");
  const { reason } = await searchParams;
  const known = isReason(reason) ? reason : null;
  const canLogIn = known !== "account_deleted";
  const passwordChanged = known === "password_changed" || known === "password_reset";
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center sm:px-6">
      <section data-testid="logged-out" data-reason={known ?? "other"} aria-labelledby="logged-out-title">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <LogOutIcon aria-hidden="true" className="size-7" />
        </span>
        <h1 id="logged-out-title" className="mt-4 text-2xl font-bold tracking-tight">{t("title")}</h1>
        <p className="mt-3 text-muted-foreground" data-testid="logged-out-reason">{t(known ?? "other")}</p>
        {passwordChanged ? <p className="mt-2 text-sm text-muted-foreground">{t("notYou")}</p> : null}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          {canLogIn ? (
            <Button asChild>
              <Link href={loginUrlFor("/dashboard")}>{t("login")}</Link>
            </Button>
          ) : null}
          {passwordChanged ? (
            <Button asChild variant="outline">
              <Link href="/forgot-password">{t("newPassword")}</Link>
            </Button>
          ) : null}
        </div>
      </section>
    </div>
  );
}
