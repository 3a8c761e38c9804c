/* capplan service worker (docs/hosting.md): the built files are precached on install, so a reload
 * without network works after a first visit. The file list and version are filled in at build time
 * (vite.config.ts); a new build gets a new cache and the old one is deleted. Same-origin GETs are
 * served from the cache first; pages try the network first and fall back to the cached app.
 * `ignoreVary`: servers answer with `Vary: Origin`, and module scripts are requested with an Origin
 * header that the precache requests did not have. */
const FILES = __CAPPLAN_FILES__;
const CACHE = `capplan-${__CAPPLAN_VERSION__}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith("capplan-") && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === "navigate") {
    event.respondWith(
      fetch(req).catch(() =>
        caches
          .open(CACHE)
          .then((c) =>
            c
              .match("./", { ignoreVary: true })
              .then((r) => r ?? c.match(req, { ignoreSearch: true, ignoreVary: true })),
          ),
      ),
    );
    return;
  }
  event.respondWith(
    caches.open(CACHE).then((c) =>
      c.match(req, { ignoreVary: true }).then(
        (hit) =>
          hit ??
          fetch(req).then((res) => {
            if (res.ok) c.put(req, res.clone());
            return res;
          }),
      ),
    ),
  );
});
