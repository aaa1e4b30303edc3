/*
 * Kringwaar service worker (registered a few seconds after page load, when the main thread is
 * idle: components/pwa/service-worker-register.tsx; production only).
 *
 * - Precaches the offline page (with the CSS and scripts it references) and the icons.
 * - Navigations: network first; when the network fails, the cached offline page.
 *   Pages themselves are never cached: they can hold personal data, and a shared
 *   device must not show them to the next person.
 * - /_next/static/* files are immutable (content-hashed): cache first.
 * - /api/* and every non-GET request: never touched, always the network.
 * - Web Push (docs/notifications.md): a push shows its title and text; a click focuses
 *   an open tab of the site on the push's page, or opens it.
 */
const VERSION = "v1";
const PRECACHE = `kringwaar-precache-${VERSION}`;
const STATIC_CACHE = `kringwaar-static-${VERSION}`;
const OFFLINE_URL = "/offline";
const ICONS = [
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/icon-maskable-512.png",
  "/icons/apple-touch-icon.png",
  "/favicon.ico",
];
/** Re-fetch the offline page (new deploy, new language) at most this often. */
const OFFLINE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const STATIC_CACHE_MAX_ENTRIES = 150;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PRECACHE);
      await cache.addAll(ICONS);
      await cacheOfflinePage();
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([PRECACHE, STATIC_CACHE]);
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith("kringwaar-") && !keep.has(name)).map((name) => caches.delete(name)),
      );
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

/** The language switcher asks for a fresh offline page in the newly chosen language. */
self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "refresh-offline") {
    event.waitUntil(cacheOfflinePage().catch(() => undefined));
  }
});

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const url = sameOriginUrl(data.url);
  event.waitUntil(
    self.registration.showNotification(data.title || "Kringwaar", {
      body: data.body || "",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      // One notification per event: a repeated push replaces it.
      tag: data.id || undefined,
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      for (const tab of tabs) {
        if (new URL(tab.url).origin !== self.location.origin || !("focus" in tab)) continue;
        const focused = await tab.focus();
        if ("navigate" in focused) return focused.navigate(url).catch(() => self.clients.openWindow(url));
        return undefined;
      }
      return self.clients.openWindow(url);
    })(),
  );
});

/** A push's page on our own site; anything else opens the notifications page. */
function sameOriginUrl(value) {
  try {
    const url = new URL(value || "/notifications", self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL("/notifications", self.location.origin).href;
  } catch {
    return new URL("/notifications", self.location.origin).href;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/")) return;

  if (request.mode === "navigate") {
    event.respondWith(navigate(event));
    return;
  }
  if (url.pathname.startsWith("/_next/static/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (ICONS.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
  }
});

async function navigate(event) {
  try {
    const preloaded = await event.preloadResponse;
    const response = preloaded || (await fetch(event.request));
    if (response.ok) event.waitUntil(refreshOfflinePageIfStale().catch(() => undefined));
    return response;
  } catch {
    const cache = await caches.open(PRECACHE);
    const offline = await cache.match(OFFLINE_URL);
    return (
      offline ||
      new Response("<!doctype html><title>Offline</title><h1>Offline</h1>", {
        status: 503,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      })
    );
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(STATIC_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    await cache.put(request, response.clone());
    trimCache(cache).catch(() => undefined);
  }
  return response;
}

async function trimCache(cache) {
  const keys = await cache.keys();
  const excess = keys.length - STATIC_CACHE_MAX_ENTRIES;
  for (let i = 0; i < excess; i += 1) await cache.delete(keys[i]);
}

/**
 * Fetches /offline and the /_next/static files it references, so the offline page
 * shows with its styles even if the user never opened it.
 */
async function cacheOfflinePage() {
  const response = await fetch(OFFLINE_URL, { cache: "no-store", credentials: "same-origin" });
  if (!response.ok) return;
  const html = await response.clone().text();
  const assets = new Set();
  for (const match of html.matchAll(/\/_next\/static\/[^"'\s)\\]+/g)) assets.add(match[0]);
  const staticCache = await caches.open(STATIC_CACHE);
  await Promise.all(
    [...assets].map(async (asset) => {
      if (await staticCache.match(asset)) return;
      const assetResponse = await fetch(asset).catch(() => null);
      if (assetResponse && assetResponse.ok) await staticCache.put(asset, assetResponse);
    }),
  );
  const stamped = new Response(await response.blob(), {
    status: 200,
    headers: {
      "Content-Type": response.headers.get("Content-Type") || "text/html; charset=utf-8",
      "X-Kringwaar-Cached-At": String(Date.now()),
    },
  });
  const cache = await caches.open(PRECACHE);
  await cache.put(OFFLINE_URL, stamped);
}

async function refreshOfflinePageIfStale() {
  const cache = await caches.open(PRECACHE);
  const cached = await cache.match(OFFLINE_URL);
  const cachedAt = Number(cached && cached.headers.get("X-Kringwaar-Cached-At"));
  if (!cached || !cachedAt || Date.now() - cachedAt > OFFLINE_MAX_AGE_MS) await cacheOfflinePage();
}
