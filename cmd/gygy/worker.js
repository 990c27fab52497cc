// gygy's service worker (a go-app app-worker template): it keeps every file
// the app needs in a cache named after the version, answers from that cache
// first, and answers any page of the app with the cached start page, so
// that the app loads offline at any address and under any sub-path. It does
// not claim the page that installed it: go-app takes a worker that becomes
// active under a controlled page for an update.
const cacheName = "app-" + "{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(cacheName);
    await cache.addAll(resourcesToCache);
    await cache.add(self.registration.scope);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keys = await caches.keys();
    await Promise.all(keys.filter((k) => k !== cacheName).map((k) => caches.delete(k)));
  })());
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") {
    return;
  }
  event.respondWith(fromCache(event.request));
});

async function fromCache(request) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request);
  if (hit) {
    return hit;
  }
  if (request.mode === "navigate") {
    const page = await cache.match(request, { ignoreSearch: true }) ||
      await cache.match(self.registration.scope);
    if (page) {
      return page;
    }
  }
  return fetch(request);
}
