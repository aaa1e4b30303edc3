// Every page lives under app/[locale]: its layout renders <html> with the visitor's
// language (proxy.ts rewrites /browse to /nl/browse or /en/browse from the language
// cookie, so the URLs carry no locale and each page can be cached once per language).
// This root only passes through; app/not-found.tsx covers what never reaches a locale.
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return children;
}
