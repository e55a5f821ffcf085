// Keep the screen awake while a page is in a room: a phone in a hand or a
// device lying on the table must not dim, or its socket drops and, after a
// while, the app plays its seat.
//
// - The Screen Wake Lock API where the browser gives a lock (a secure
//   origin: https:// or localhost). The browser lets it go when the page is
//   hidden; it is asked for again when the page is visible again.
// - Else a tiny video playing out of sight, as NoSleep.js does (its clips,
//   vendor/nosleep/): on the party's plain http:// address no browser offers
//   the API, and a lock may be refused (a battery saver). The clips are
//   fetched only where they are needed. WebKit (every iPhone) keeps the
//   display on only for a playing video that has a sound track, is not
//   muted and does not loop: the clip plays with its silent track, and is
//   sent back to its start before it ends instead of looping. Playing with
//   sound needs a tap: the video starts in the tap that asks for it (the
//   join tap calls keepAwake), or, after a reload, at the page's next tap.
//
// What holds the screen is written on the root element for tests:
// data-awake="lock" or "video", none when nothing does.
let lock = null;
let asking = false;
let lockRefused = false;
let video = null;
let clips = null; // the clips' module once here
let fetching = null;
let wanted = () => false;

const lockable = () => "wakeLock" in navigator && !lockRefused;
const awake = () => lock !== null || (video !== null && !video.paused);

function mark() {
  const root = document.documentElement;
  const holder = lock ? "lock" : (video && !video.paused ? "video" : "");
  if (holder) root.dataset.awake = holder;
  else delete root.dataset.awake;
}

function fetchClips() {
  if (!fetching) {
    fetching = import("../vendor/nosleep/media.js").then((module) => {
      clips = module;
      if (wanted() && !awake()) playVideo(); // where playing needs no tap (Chromium after one)
    }, () => { fetching = null; }); // the Wi-Fi dropped: asked again when next needed
  }
}

function makeVideo({ mp4, webm }) {
  const v = document.createElement("video");
  v.setAttribute("playsinline", ""); // iOS: in the page, never full screen
  v.setAttribute("disablepictureinpicture", "");
  v.setAttribute("disableremoteplayback", "");
  v.setAttribute("aria-hidden", "true");
  v.setAttribute("tabindex", "-1");
  v.className = "stay-awake";
  Object.assign(v.style, { position: "fixed", left: "-10px", top: "-10px", width: "1px", height: "1px",
    opacity: "0", pointerEvents: "none" });
  // MP4 first: WebKit plays it with its sound track; WebM where H.264 is missing.
  for (const [type, src] of [["video/mp4", mp4], ["video/webm", webm]]) {
    const source = document.createElement("source");
    source.type = type;
    source.src = src;
    v.append(source);
  }
  v.addEventListener("timeupdate", () => { if (v.currentTime > 0.5) v.currentTime = 0; });
  v.addEventListener("ended", () => { if (wanted()) v.play().catch(() => {}); });
  v.addEventListener("playing", mark);
  v.addEventListener("pause", mark);
  return v;
}

function playVideo() {
  if (!clips) {
    fetchClips();
    return;
  }
  if (!video) video = makeVideo(clips);
  if (!video.isConnected) document.body.append(video);
  if (!video.paused) return;
  // Called in the tap itself where there is one; refused without a tap,
  // which the page's next tap makes good.
  video.play().catch(() => {});
}

function lockScreen() {
  if (asking) return;
  asking = true;
  navigator.wakeLock.request("screen").then((held) => {
    asking = false;
    lock = held;
    lock.addEventListener("release", () => { lock = null; mark(); });
    if (!wanted()) releaseWakeLock();
    mark();
  }, () => {
    asking = false;
    // Refused while the page is in view: the browser gives none; the video
    // then. (Hidden, it is asked for again when the page is in view.)
    if (document.visibilityState === "visible" && wanted()) {
      lockRefused = true;
      playVideo();
    }
  });
}

function ask() {
  if (awake()) return;
  if (lockable()) lockScreen();
  else playVideo();
}

// Keep the screen awake from now on, asked in a tap (the join tap): the
// video can start in it. stayAwake or releaseWakeLock says otherwise later.
export function keepAwake() {
  if (!wanted()) wanted = () => true;
  ask();
}

export function releaseWakeLock() {
  wanted = () => false;
  if (lock) lock.release().catch(() => {});
  lock = null;
  if (video && !video.paused) video.pause();
  mark();
}

// `when()`: whether the page still wants the screen awake.
export function stayAwake(when) {
  wanted = when;
  if (when()) ask();
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && wanted()) ask();
});
// A tap lets a video play with its sound track (a reloaded page, a lock
// refused later, a video the system paused).
for (const type of ["click", "touchend"]) {
  window.addEventListener(type, () => { if (wanted() && !awake()) ask(); }, { capture: true, passive: true });
}
if (!("wakeLock" in navigator)) fetchClips(); // no lock to be had here: the clips, before the tap
