import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { AwardIcon, BriefcaseBusinessIcon, CalendarIcon, ClockIcon, MessageCircleReplyIcon, PackageCheckIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { resolveLocale, TIME_ZONE } from "@/lib/platform/i18n/config";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { cn } from "@/lib/platform/utils";
import { StarRating } from "./star-rating";

export type SellerSummary = {
  id: string;
  name: string;
  rating: number;
  ratingCount: number;
  isBusiness?: boolean;
  businessName?: string | null;
  isTopSeller?: boolean;
  /** ISO date the account was made ("member since" year). */
  memberSince?: string | null;
  profileImage?: string | null;
};

/** The product page's seller figures, from GET /api/users/{id}/profile. */
export type SellerFigures = {
  /** ISO date the account was made (shown as month and year). */
  memberSince: string;
  salesCount: number;
  responseTime: "hour" | "day" | "days" | null;
  lastActiveAt: string | null;
};

/** Whole calendar days (Amsterdam) from `iso` to `now`: 0 today, 1 yesterday. */
export function daysAgo(iso: string, now: Date = new Date()): number {
  const day = (date: Date) => Date.parse(new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(date));
  return Math.max(0, Math.round((day(now) - day(new Date(iso))) / 86_400_000));
}

/** The year of an ISO date in Amsterdam time (member since). */
export function memberSinceYear(iso: string): number {
  return Number(new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, year: "numeric" }).format(new Date(iso)));
}

/** The seller's initial in a circle (the seller card shows the initial). */
export function SellerAvatar({ name, size = "md", className }: { name: string; size?: "md" | "lg"; className?: string }) {
  const initial = name.trim().charAt(0).toLocaleUpperCase("nl-NL") || "?";
  return (
    <span
      aria-hidden="true"
      data-testid="seller-avatar"
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground",
        size === "lg" ? "size-20 text-3xl" : "size-12 text-lg",
        className,
      )}
    >
      {initial}
    </span>
  );
}

/** Initial, name, rating, business and top-seller badges, and View Profile (→ /seller/{id}). */
export function SellerCard({
  seller,
  title,
  showProfileLink = true,
  className,
  figures,
}: {
  seller: SellerSummary;
  /** Member since, sales, usual response time and last active (the product page). */
  figures?: SellerFigures | null;
  /** Off for sellers without a public profile (a deleted account shows as anonymous). */
  showProfileLink?: boolean;
  /** A heading above the card content ("About the seller"). */
  title?: string;
  className?: string;
}) {
  const t = useTranslations("catalog.seller");
  return (
    <section
      data-testid="seller-card"
      data-seller-id={seller.id}
      aria-label={title ?? seller.name}
      className={cn("flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm", className)}
    >
      {title ? <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</h2> : null}
      <div className="flex items-center gap-3">
        <SellerAvatar name={seller.name} />
        <div className="min-w-0">
          <p className="truncate font-semibold" data-testid="seller-card-name">
            {seller.name}
          </p>
          <StarRating rating={seller.rating} count={seller.ratingCount} className="mt-0.5" />
        </div>
      </div>
      {seller.isBusiness || seller.isTopSeller || seller.memberSince ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {seller.isBusiness ? (
            <Badge variant="secondary" data-testid="seller-business-badge">
              <BriefcaseBusinessIcon aria-hidden="true" />
              {seller.businessName ? t("businessNamed", { name: seller.businessName }) : t("business")}
            </Badge>
          ) : null}
          {seller.isTopSeller ? (
            <Badge variant="warm" data-testid="seller-top-badge">
              <AwardIcon aria-hidden="true" />
              {t("topSeller")}
            </Badge>
          ) : null}
          {seller.memberSince ? <span>{t("memberSince", { year: String(memberSinceYear(seller.memberSince)) })}</span> : null}
        </div>
      ) : null}
      {figures ? <SellerFigureList figures={figures} /> : null}
      {showProfileLink ? (
        <Button asChild variant="outline" className="w-full">
          <Link href={`/seller/${seller.id}`} prefetch={false} data-testid="seller-profile-link">
            {t("viewProfile")}
          </Link>
        </Button>
      ) : null}
    </section>
  );
}

function SellerFigureList({ figures }: { figures: SellerFigures }) {
  const t = useTranslations("catalog.seller");
  const locale = resolveLocale(useLocale());
  const days = figures.lastActiveAt ? daysAgo(figures.lastActiveAt) : null;
  const row = "flex items-center gap-2";
  const icon = "size-4 shrink-0 text-muted-foreground";
  return (
    <ul className="grid gap-2 text-sm" data-testid="seller-figures">
      <li className={row} data-testid="seller-member-since-month">
        <CalendarIcon aria-hidden="true" className={icon} />
        {t("memberSinceMonth", { date: appFormatter(locale).dateTime(new Date(figures.memberSince), { month: "long", year: "numeric" }) })}
      </li>
      <li className={row} data-testid="seller-sales" data-count={figures.salesCount}>
        <PackageCheckIcon aria-hidden="true" className={icon} />
        {t("sales", { count: figures.salesCount })}
      </li>
      {figures.responseTime ? (
        <li className={row} data-testid="seller-response" data-bucket={figures.responseTime}>
          <MessageCircleReplyIcon aria-hidden="true" className={icon} />
          {t(`response.${figures.responseTime}`)}
        </li>
      ) : null}
      {days !== null ? (
        <li className={row} data-testid="seller-last-active" data-days={days}>
          <ClockIcon aria-hidden="true" className={icon} />
          {days === 0 ? t("active.today") : days === 1 ? t("active.yesterday") : days <= 30 ? t("active.days", { count: days }) : t("active.longAgo")}
        </li>
      ) : null}
    </ul>
  );
}
