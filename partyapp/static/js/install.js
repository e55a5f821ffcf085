// The phone page's service worker (/sw.js, partyapp/web/install.py): it keeps
// the static files on the phone, so that a reload draws the page at once,
// and it never leaves the page on old scripts: when a new server's worker
// takes over (the browser looks for one at each visit, and the page asks it
// to look again each time the socket connects, a server restart included),
// a page whose scripts are not the ones it keeps loads again. What is half
// typed or chosen is kept in the phone's storage (keep.js) and survives it.
const mine = document.documentElement.dataset.shell || "";
const workers = ("serviceWorker" in navigator) ? navigator.serviceWorker : null;

export const worker = { registered: null };

if (workers) {
  workers.addEventListener("message", (event) => {
    const version = event.data && event.data.version;
    if (version && version !== mine) window.location.reload();
  });
  workers.addEventListener("controllerchange", () => {
    if (workers.controller) workers.controller.postMessage("version?");
  });
  // Once the page has loaded: what the worker keeps is then mostly in the
  // browser's cache already, and the rest does not compete with the page.
  worker.registered = new Promise((resolve) => {
    const register = () => resolve(workers.register("/sw.js", { scope: "/" }).catch(() => null));
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
  });
}

const RETRY_MS = 3000;

// Ask the browser to look for a newer worker now (after a reconnect: the
// server may have been upgraded in between). A look that fails (the server
// busy or gone again), or a new worker that fails to keep the files, is
// tried again a few seconds later, up to `tries` times.
export function checkForUpdate(tries = 4) {
  if (!worker.registered) return;
  const again = () => { if (tries > 1) setTimeout(() => checkForUpdate(tries - 1), RETRY_MS); };
  worker.registered.then(async (registration) => {
    if (!registration) return;
    try {
      await registration.update();
    } catch {
      again();
      return;
    }
    const fresh = registration.installing;
    if (fresh) fresh.addEventListener("statechange", () => { if (fresh.state === "redundant") again(); });
  }).catch(() => {});
}
