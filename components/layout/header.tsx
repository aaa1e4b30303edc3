import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { HeaderAccount } from "./header-account";
import { HeaderIconLinks, HeaderNav } from "./header-nav";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { NotificationBell } from "@/components/notifications/notification-bell";

const PHONE_KEYS = ["orders", "cart"] as const;

/** The header: logo, navigation, language switcher and the account area. */
export async function Header() {
  const t = await getTranslations("header");
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-4 sm:px-6 lg:px-8">
        <Link
          href="/"
          aria-label={t("home")}
          className="-ml-1 shrink-0 rounded-md px-1 py-1 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
        >
          <Logo wordmarkClassName="max-[359px]:sr-only" />
        </Link>
        <HeaderNav className="ml-4 hidden lg:block" />
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <HeaderIconLinks className="hidden lg:block" />
          {/* Phones and tablets: messages and the wishlist are in the tab bar (./tab-bar.tsx);
              the cart and orders stay one tap away up here. */}
          <HeaderIconLinks keys={PHONE_KEYS} quick className="lg:hidden" />
          {/* Below sm the switcher lives in the mobile menu, to keep the bar on one line. */}
          <LanguageSwitcher className="hidden sm:inline-flex" />
          <NotificationBell />
          <HeaderAccount />
          <MobileMenu className="lg:hidden" />
        </div>
      </div>
    </header>
  );
}
