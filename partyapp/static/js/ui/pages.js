// A panel of a screen nobody taps (the TV, the watch page) that shows every
// item of its list: as many as fit from the page's first, then the next
// page after a few seconds, round and round, with "Page 1 of 3". Nothing is
// ever summed up as "+N more". The panel (class "more-box") has its height
// from the layout; the pages are measured after every render and when the
// panel's size changes.
// `forms` (optional): denser forms the list takes before it turns pages,
// each [columns, type size], the first in which every item fits winning:
// more columns only where each is wide enough for a long name.
import { cx, html, useEffect, useLayoutEffect, useRef, useSize, useState } from "../view.js";
import { t } from "../i18n.js";

export const PAGE_MS = 6000;

// How many items from `start` fit in `box` (at least one), the others hidden
// (and `line`, the page's line, shown while any is).
export function fitFrom(box, items, line, start) {
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

const COLUMN_EM = 13;

// The first of `forms` in which every item of `list` fits `box` (else the
// last), laid out on the list: its columns (class cols-N) and type size
// (--list-fit).
function fitForm(box, list, line, forms) {
  const items = [...list.children];
  const em = parseFloat(getComputedStyle(list).fontSize) || 16;
  const usable = forms.filter(([c], i) => i === 0 || c === 1 || box.clientWidth / c >= COLUMN_EM * em);
  const lay = ([c, scale]) => {
    for (const n of [1, 2, 3]) list.classList.toggle(`cols-${n}`, n === c);
    list.style.setProperty("--list-fit", String(scale));
    return box.scrollHeight <= box.clientHeight + 1 && items.every((el) => el.scrollWidth <= el.clientWidth + 1);
  };
  items.forEach((el) => { el.hidden = false; });
  line.hidden = true;
  const found = usable.find(lay) || usable[usable.length - 1];
  lay(found);
  return found;
}

export function PagedList({ title, items, tag = "ul", className = "", listClass = "", empty, every = PAGE_MS, forms = null }) {
  const [boxRef, size] = useSize();
  const listRef = useRef(null);
  const lineRef = useRef(null);
  // the page's first item and its number (pages fall where the items fit)
  const [at, setAt] = useState({ start: 0, page: 1 });
  const [shown, setShown] = useState(items.length);
  const [form, setForm] = useState(forms ? forms[0] : null);
  const begin = at.start < items.length ? at.start : 0;
  const page = begin ? at.page : 1;

  useLayoutEffect(() => {
    const box = boxRef.current;
    const list = listRef.current;
    const line = lineRef.current;
    if (!box || !list || !line || !items.length) return;
    if (forms) {
      const found = fitForm(box, list, line, forms);
      if (!form || found.some((v, i) => v !== form[i])) setForm(found);
    }
    const n = fitFrom(box, [...list.children], line, begin);
    if (n !== shown) setShown(n);
  });

  const paging = items.length > 0 && (begin > 0 || shown < items.length);
  useEffect(() => {
    if (!paging) return undefined;
    const timer = setTimeout(() => setAt(begin + shown >= items.length ? { start: 0, page: 1 }
      : { start: begin + shown, page: page + 1 }), every);
    return () => clearTimeout(timer);
  }, [paging, begin, shown, items.length]);

  // How many pages: this one, and the rest as many to a page as this one.
  const per = Math.max(1, shown);
  const pages = page + Math.ceil(Math.max(0, items.length - begin - shown) / per);
  const Tag = tag;
  return html`<section class=${cx("panel more-box paged", className)} ref=${boxRef} data-w=${Math.round(size.width)}
    data-page=${paging ? String(page) : null}>
    ${title ? html`<h3 class="panel-title">${title}</h3>` : null}
    ${items.length
      ? html`<${Tag} class=${cx(listClass, form && `cols-${form[0]}`)} ref=${listRef} start=${tag === "ol" ? 1 : undefined}
          style=${form ? `--list-fit: ${form[1]}` : undefined}>${items}</${Tag}>`
      : html`<p class="empty">${empty || ""}</p>`}
    <p class="more-line page-line" ref=${lineRef} hidden>${paging ? t("Page {page} of {pages}", { page: String(page), pages: String(pages) }) : ""}</p>
  </section>`;
}
