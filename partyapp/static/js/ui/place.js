// Putting a card somewhere with one thumb. Two ways, both always on:
//   - tap-tap: tap the card (the screen keeps it picked), then tap where it
//     goes; the places it may go are marked;
//   - drag: press the card and slide it onto the place, then let go.
// Places are elements with data-drop="<id>"; while a card is dragged, the
// place under the thumb gets the class "drop-hover".
//
//   const drag = useDrag((payload, id) => ...);   // on a drop onto a place
//   <button onPointerDown=${(ev) => drag(ev, payload)}>
//
// A press that does not move (less than DRAG_PX) stays a tap: the button's
// click fires as usual. After a drag the click that follows is swallowed.
import { useCallback, useRef } from "../view.js";

const DRAG_PX = 10;

export function useDrag(onDrop) {
  const latest = useRef(onDrop);
  latest.current = onDrop;
  return useCallback((ev, payload) => {
    if (ev.button !== undefined && ev.button !== 0) return;
    const origin = ev.currentTarget;
    const x0 = ev.clientX;
    const y0 = ev.clientY;
    const box = origin.getBoundingClientRect();
    let ghost = null;
    let hover = null;
    const place = (e) => {
      ghost.style.transform = `translate(${Math.round(e.clientX - box.width / 2)}px, ${Math.round(e.clientY - box.height * 0.8)}px)`;
      const under = document.elementFromPoint(e.clientX, e.clientY);
      const target = under ? under.closest("[data-drop]") : null;
      if (target !== hover) {
        if (hover) hover.classList.remove("drop-hover");
        hover = target;
        if (hover) hover.classList.add("drop-hover");
      }
    };
    const move = (e) => {
      if (!ghost) {
        if (Math.hypot(e.clientX - x0, e.clientY - y0) < DRAG_PX) return;
        ghost = origin.cloneNode(true);
        ghost.removeAttribute("id");
        ghost.classList.add("drag-ghost");
        ghost.style.width = `${box.width}px`;
        ghost.style.height = `${box.height}px`;
        document.body.appendChild(ghost);
        origin.classList.add("dragging");
      }
      if (e.cancelable) e.preventDefault();
      place(e);
    };
    const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
    const end = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      window.removeEventListener("pointercancel", end);
      if (!ghost) return;
      ghost.remove();
      origin.classList.remove("dragging");
      if (hover) hover.classList.remove("drop-hover");
      window.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 400);
      if (e.type === "pointerup" && hover) latest.current(payload, hover.dataset.drop);
    };
    window.addEventListener("pointermove", move, { passive: false });
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
  }, []);
}
