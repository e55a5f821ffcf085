// Keep the screen awake while a page is in a room (the Screen Wake Lock
// API): a phone in a hand or a device lying on the table must not dim.
// The browser lets the lock go when the page is hidden; it is asked for
// again when the page is visible again, for as long as `wanted()` says.
let lock = null;
let wanted = () => false;

export async function keepAwake() {
  if (!("wakeLock" in navigator) || lock) return;
  try {
    lock = await navigator.wakeLock.request("screen");
    lock.addEventListener("release", () => { lock = null; });
  } catch {
    lock = null; // refused (battery saver, not visible): try again later
  }
}

export function releaseWakeLock() {
  if (lock) lock.release().catch(() => {});
  lock = null;
}

// `when()`: whether the page still wants the screen awake.
export function stayAwake(when) {
  wanted = when;
  keepAwake();
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && wanted()) keepAwake();
});
