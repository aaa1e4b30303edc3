"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { MenuIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/platform/utils";

/** The sheet's code (a Radix dialog) loads on the first tap, not with every page. */
const MobileMenuSheet = React.lazy(() => import("./mobile-menu-sheet"));

/** The navigation for small screens: a button that opens a sheet from the right. */
export function MobileMenu({ className }: { className?: string }) {
  const t = useTranslations("header");
  const button = React.useRef<HTMLButtonElement>(null);
  const [open, setOpen] = React.useState(false);
  const [loaded, setLoaded] = React.useState(false);

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-label={t("openMenu")}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? "open" : "closed"}
        data-testid="header-menu"
        className={cn("size-9", className)}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <MenuIcon aria-hidden="true" className="size-5" />
      </Button>
      {loaded ? (
        <React.Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} returnFocus={() => button.current?.focus()} />
        </React.Suspense>
      ) : null}
    </>
  );
}
