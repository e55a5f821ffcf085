// The service worker, served at /sw.js with the two constants it needs put
// before this file: VERSION (the static files' and the catalogues' version)
// and KEEP (the hashed URLs of the phone page's files). See
// partyapp/web/install.py.
//
// - Static files and catalogues, whose URLs carry their content's hash: from
//   the cache, else the network (and kept). They never change under a URL.
// - Pages: the network first, kept in the cache; the cached one when the
//   server does not answer (stopped, out of reach) or not within WAIT_MS.
//   A page is kept once, under its address without the query string (the
//   QR code's, a shared link's ?lang=...): forty links to one room are one
//   entry, not forty.
// - Everything else (the socket, the QR codes, the recap): the network, as
//   if there were no worker.
// The cache is named after VERSION: a new server's worker fills its own and,
// once in charge, deletes the others.
/* global VERSION, KEEP */
const CACHE = `partyapp-${VERSION}`;
const WAIT_MS = 3000;
const HASHED = /\.[0-9a-f]{12}\.[A-Za-z0-9]+$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEEP)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    // The page's request leaves while the worker starts, not after.
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    for (const key of await caches.keys()) {
      if (key.startsWith("partyapp-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// A page asks which version is in charge (install.js, after a change of worker).
self.addEventListener("message", (event) => {
  if (event.data === "version?" && event.source) event.source.postMessage({ version: VERSION });
});

let opened = null;
const cache = () => { opened = opened || caches.open(CACHE); return opened; };

async function fromCacheFirst(request) {
  const kept = await cache();
  const hit = await kept.match(request, { ignoreVary: true });
  if (hit) return hit;
  const answer = await fetch(request);
  if (answer.ok) kept.put(request, answer.clone()).catch(() => {});
  return answer;
}

// The key a page is kept under: its address without query or fragment.
function pageKey(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  return url.href;
}

async function page(event) {
  const request = event.request;
  const key = pageKey(request);
  const kept = await cache();
  const network = Promise.resolve(event.preloadResponse).then((preloaded) => preloaded || fetch(request))
    .then((answer) => {
      if (answer.ok) event.waitUntil(kept.put(key, answer.clone()).catch(() => {}));
      return answer;
    });
  const late = new Promise((resolve) => { setTimeout(resolve, WAIT_MS, null); });
  try {
    const answer = await Promise.race([network, late]);
    if (answer) return answer;
  } catch {
    // the server did not answer: the kept page below
  }
  const shell = await kept.match(key, { ignoreVary: true });
  return shell || network;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if ((url.pathname.startsWith("/static/") && HASHED.test(url.pathname))
             || (url.pathname.startsWith("/i18n/") && url.searchParams.has("v"))) {
    event.respondWith(fromCacheFirst(request));
  }
});
