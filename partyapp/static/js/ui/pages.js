// A panel of a screen nobody taps (the TV, the watch page) that shows every
// item of its list: as many as fit from the page's first, then the next
// page after a few seconds, round and round, with "Page 1 of 3". Nothing is
// ever summed up as "+N more". The panel (class "more-box") has its height
// from the layout; the pages are measured after every render and when the
// panel's size changes.
import { cx, html, useEffect, useLayoutEffect, useRef, useSize, useState } from "../view.js";
import { t } from "../i18n.js";

export const PAGE_MS = 6000;

// How many items from `start` fit in `box` (at least one), the others hidden.
function fitFrom(box, items, line, start) {
  const show = (n) => {
    items.forEach((el, i) => { el.hidden = i < start || i >= start + n; });
    line.hidden = n >= items.length;
    return box.scrollHeight <= box.clientHeight + 1;
  };
  let n = items.length - start;
  if (start === 0 && show(n)) return n;
  while (n > 1 && !show(n)) n -= 1;
  show(n);
  return n;
}

export function PagedList({ title, items, tag = "ul", className = "", listClass = "", empty, every = PAGE_MS }) {
  const [boxRef, size] = useSize();
  const listRef = useRef(null);
  const lineRef = useRef(null);
  const [start, setStart] = useState(0);
  const [shown, setShown] = useState(items.length);
  const begin = start < items.length ? start : 0;

  useLayoutEffect(() => {
    const box = boxRef.current;
    const list = listRef.current;
    const line = lineRef.current;
    if (!box || !list || !line || !items.length) return;
    const n = fitFrom(box, [...list.children], line, begin);
    if (n !== shown) setShown(n);
  });

  const paging = items.length > 0 && (begin > 0 || shown < items.length);
  useEffect(() => {
    if (!paging) return undefined;
    const timer = setTimeout(() => setStart(begin + shown >= items.length ? 0 : begin + shown), every);
    return () => clearTimeout(timer);
  }, [paging, begin, shown, items.length]);

  // Pages as they fall from the first item: this one's number, and how many.
  const per = Math.max(1, shown);
  const page = Math.floor(begin / per) + 1;
  const pages = Math.max(page, Math.ceil(items.length / per));
  const Tag = tag;
  return html`<section class=${cx("panel more-box paged", className)} ref=${boxRef} data-w=${Math.round(size.width)}
    data-page=${paging ? String(page) : null}>
    ${title ? html`<h3 class="panel-title">${title}</h3>` : null}
    ${items.length
      ? html`<${Tag} class=${listClass} ref=${listRef} start=${tag === "ol" ? 1 : undefined}>${items}</${Tag}>`
      : html`<p class="empty">${empty || ""}</p>`}
    <p class="more-line page-line" ref=${lineRef} hidden>${paging ? t("Page {page} of {pages}", { page: String(page), pages: String(pages) }) : ""}</p>
  </section>`;
}
