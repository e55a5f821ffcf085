// The view library of every page: Preact with hooks, and htm for markup in
// tagged templates (no build step). Import from here, never from vendor/.
// Text given to html`` is always text: Preact sets it as text nodes, never as
// markup. Styles go through the CSSOM (object `style`), which the pages' CSP
// allows, never through a style attribute.
import { Fragment, createContext, h, render } from "../vendor/preact/preact.module.js";
import {
  useCallback, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState,
} from "../vendor/preact/hooks.module.js";
import htm from "../vendor/preact/htm.module.js";

export const html = htm.bind(h);
export {
  Fragment, createContext, h, render,
  useCallback, useContext, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState,
};

// cx("a", cond && "b", ["c"]) -> "a b c"
export function cx(...parts) {
  return parts.flat(Infinity).filter(Boolean).join(" ");
}

// Re-render every `ms` milliseconds while `active`; returns Date.now().
export function useNow(ms = 1000, active = true) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms, active]);
  return active ? now : Date.now();
}

// The size of an element, kept up to date (ResizeObserver); [ref, {width, height}].
// The observer's callback only asks for the next animation frame, where the
// element is measured and the state set (when the size changed): a render
// run from the callback itself would lay the page out again while the
// browser delivers its resize notifications, and an observed element that
// it resized (a free space that a panel's new content shrank) would have its
// notification left for the next frame, which browsers report as an error
// ("ResizeObserver loop completed with undelivered notifications").
export function useSize() {
  const ref = useRef(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return undefined;
    const measure = () => {
      const r = node.getBoundingClientRect();
      setSize((old) => (old.width === r.width && old.height === r.height ? old : { width: r.width, height: r.height }));
    };
    measure();
    if (!window.ResizeObserver) {
      window.addEventListener("resize", measure);
      return () => window.removeEventListener("resize", measure);
    }
    let frame = 0;
    const observer = new ResizeObserver(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        measure();
      });
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return [ref, size];
}

// The fewest items to leave out (0 to `most`) for the rest to fit, where
// `fits(n)` lays the content out with the last n left out and says whether it
// fits, and leaving more out never makes it larger. The last answer (`guess`)
// is tried first, so content that has not changed costs two layouts; else the
// range is halved: a few layouts however many items, not one per item (each
// is the whole page's, on a TV's slow processor too). `most` when none fits.
export function fewestLeftOut(fits, most, guess = 0) {
  if (guess > 0 && guess <= most && fits(guess) && !fits(guess - 1)) return guess;
  if (most === 0 || fits(0)) return 0;
  let lo = 1;
  let hi = most;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fits(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// How a panel leaves items out for fewestLeftOut: `fits(n)` lays `box` out
// with the last n of its `items` hidden and `line` (its "+N more") shown
// while any is, and says whether it fits; `most`: how many may be left out.
export function leaveOutLast(box, items, line) {
  const fits = (n) => {
    items.forEach((k, i) => { k.hidden = i >= items.length - n; });
    line.hidden = n === 0;
    return box.scrollHeight <= box.clientHeight + 1;
  };
  return { fits, most: items.length };
}

// Shrink an element's type (the CSS variable --fit, 1 down to `min`) until its
// content fits its box; run again when `key` or the box's size changes.
export function useFitText(key, min = 0.55) {
  const [ref, size] = useSize();
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    let scale = 1;
    node.style.setProperty("--fit", "1");
    while (scale > min && (node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1)) {
      scale = Math.max(min, Math.round((scale - 0.05) * 100) / 100);
      node.style.setProperty("--fit", String(scale));
    }
  }, [key, size.width, size.height]);
  return ref;
}

// A value outside any component that several components show: `set` it
// from anywhere, `use()` it in a component (re-rendered on each set),
// `get()` it in a handler. shared(initial) -> {get, set, use}
export function shared(initial) {
  let value = initial;
  const watchers = new Set();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const w of watchers) w(next);
    },
    use() {
      const [now, setNow] = useState(value);
      useEffect(() => {
        watchers.add(setNow);
        setNow(value);
        return () => { watchers.delete(setNow); };
      }, []);
      return now;
    },
  };
}
