// A server component that renders the client NotFoundView of components/providers.tsx:
// the boundary loads with the layout, and that module is on every page already, so the
// 404 view adds no script file to every page (as a client component of its own it did).
// Its texts come from the page's provider in the browser: a not-found boundary gets no
// params, and the cached pages around it are per language, not per cookie.
import { SearchXIcon } from "lucide-react";
import { NotFoundView } from "@/components/providers";

export default function NotFound() {
  return <NotFoundView icon={<SearchXIcon aria-hidden="true" className="size-8" />} />;
}
