import { notFound } from "next/navigation";

/** Any path no page matches: the site's own 404 (app/[locale]/not-found.tsx), in the visitor's language. */
export default function UnknownPage(): never {
  notFound();
}
