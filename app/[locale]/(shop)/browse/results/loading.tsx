import { getTranslations } from "next-intl/server";
import { GridSkeleton } from "@/components/catalog/product-grid-skeleton";

/**
 * While the server renders a filtered /browse (a per-request page): the page's frame with
 * placeholder cards. Not for the plain /browse: it is cached, and a Suspense boundary
 * around it would put its content in a hidden part of the HTML that React reveals only
 * later (docs/performance.md, "LCP").
 *
 * A server component, so that it adds no script to the pages that link to /browse (Next
 * loads a loading boundary's code with the prefetch: 1.3 KB gzipped on /browse, the
 * product page and /categories). A boundary gets no params and may render before the
 * layout has announced the language, so it writes both languages, and CSS shows the one
 * of the page (`<html lang>`; the other is display: none, so screen readers skip it too).
 */
export default async function BrowseLoading() {
  const [nl, en, nlCommon, enCommon] = await Promise.all([
    getTranslations({ locale: "nl", namespace: "browse" }),
    getTranslations({ locale: "en", namespace: "browse" }),
    getTranslations({ locale: "nl", namespace: "common" }),
    getTranslations({ locale: "en", namespace: "common" }),
  ]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight">
          <Both nl={nl("title")} en={en("title")} />
        </h1>
        <p className="mt-2 text-muted-foreground">
          <Both nl={nl("subtitle")} en={en("subtitle")} />
        </p>
      </header>
      <div aria-hidden="true" className="mt-6 h-[212px] animate-pulse rounded-2xl border bg-card shadow-sm" />
      <GridSkeleton count={8} className="pt-[60px]" label={<Both nl={nlCommon("loading")} en={enCommon("loading")} />} />
    </div>
  );
}

/** A text in Dutch and English; only the page's language shows. */
function Both({ nl, en }: { nl: string; en: string }) {
  return (
    <>
      <span className="[&:lang(en)]:hidden">{nl}</span>
      <span className="[&:not(:lang(en))]:hidden">{en}</span>
    </>
  );
}
