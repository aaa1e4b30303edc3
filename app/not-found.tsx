// The last resort 404 for a page path that was not rewritten to a language (proxy.ts
// rewrites every page path, so in practice only a request that bypasses it lands here).
// Pages' own 404s render app/[locale]/not-found.tsx inside the site's layout.
import Link from "next/link";
import "./globals.css";

export default function GlobalNotFound() {
  return (
    <html lang="nl">
      <body className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-2xl font-bold">Pagina niet gevonden</h1>
        <p>
          <Link className="text-primary underline" href="/">
            Naar de homepage
          </Link>
        </p>
      </body>
    </html>
  );
}
