// "Product not found", with the way back to /browse (and, reached by a
// link from inside the app, a toast and /browse at once). A server component that renders
// the client NotFoundView of components/providers.tsx, a module every page loads anyway:
// as a client component of its own it was a script on every product page. Its texts come
// from the page's provider in the browser (a boundary gets no params, and the product
// page around it is cached per language, not per cookie).
import { PackageXIcon } from "lucide-react";
import { NotFoundView } from "@/components/providers";

export default function ProductNotFound() {
  return <NotFoundView product icon={<PackageXIcon aria-hidden="true" className="size-8" />} />;
}
