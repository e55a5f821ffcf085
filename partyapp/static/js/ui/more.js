// A panel that shows what fits and says how much more there is ("+3 more"),
// instead of cutting a line off. The panel (class "more-box") has a fixed
// height from the layout; its items are hidden from the end until the rest
// fits (all of them, in a panel squeezed to its title and that line), and
// re-measured after every render and when the panel's size changes, in a few
// layouts (fewestLeftOut).
import { cx, fewestLeftOut, html, leaveOutLast, useLayoutEffect, useRef, useSize, useState } from "../view.js";
import { t } from "../i18n.js";

export function MoreList({ title, items, tag = "ul", className = "", listClass = "", id, more, empty }) {
  const [boxRef, size] = useSize();
  const listRef = useRef(null);
  const moreRef = useRef(null);
  const [hiddenCount, setHiddenCount] = useState(0);

  useLayoutEffect(() => {
    const box = boxRef.current;
    const list = listRef.current;
    const line = moreRef.current;
    if (!box || !list || !line) return;
    const { fits, most } = leaveOutLast(box, [...list.children], line);
    const hidden = fewestLeftOut(fits, most, hiddenCount);
    fits(hidden);
    if (hidden !== hiddenCount) setHiddenCount(hidden);
  });

  const Tag = tag;
  const label = more ? more(hiddenCount) : t("+{count} more|+{count} more", { count: hiddenCount });
  return html`<section class=${cx("panel more-box", className)} ref=${boxRef} data-w=${Math.round(size.width)}>
    ${title ? html`<h3 class="panel-title">${title}</h3>` : null}
    ${items.length
      ? html`<${Tag} class=${listClass} id=${id} ref=${listRef}>${items}</${Tag}>`
      : html`<p class="empty" ref=${listRef}>${empty || ""}</p>`}
    <p class="more-line" ref=${moreRef} hidden>${hiddenCount ? label : ""}</p>
  </section>`;
}
