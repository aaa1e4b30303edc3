/**
 * `#i18n` in a server component (package.json "imports", condition `react-server`):
 * next-intl's hooks, which read the request's configuration (lib/platform/i18n/request.ts).
 * Components that both server and client components render (a product card, the stars,
 * the pagination) import `#i18n`, which elsewhere, in the browser and in the server
 * rendering of client components, is lib/platform/i18n/client.ts: next-intl's client part never
 * reaches a browser bundle (docs/performance.md).
 */
export { useLocale, useTranslations } from "next-intl";
