// The app's own confirmation, in place of the browser's confirm() (which
// names the page's address, "127.0.0.1:8741 says…", looks like a warning of
// the browser's, and is blocked in some in-app browsers): a modal in the
// page's style, its words given as text. ask(text, {yes, no}) resolves true
// when the person confirms, false on the other button, Escape or a tap
// beside it. One at a time: a new question answers the one open "no".
// `id` names a question its asker may take back (dismiss) once it is moot.
import { t } from "../i18n.js";

let current = null;
let currentId = null;

export function ask(text, { yes = t("Yes"), no = t("Cancel"), danger = true, id = null } = {}) {
  if (current) current(false);
  return new Promise((resolve) => {
    const before = document.activeElement;
    const back = document.createElement("div");
    back.className = "ask-back";
    const box = document.createElement("div");
    box.id = "ask";
    box.className = "ask-box";
    box.setAttribute("role", "alertdialog");
    box.setAttribute("aria-modal", "true");
    box.setAttribute("aria-describedby", "ask-text");
    const words = document.createElement("p");
    words.id = "ask-text";
    words.className = "ask-text";
    words.textContent = text;
    const row = document.createElement("div");
    row.className = "ask-buttons";
    const button = (label, answer, cls) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = cls;
      b.dataset.answer = answer;
      b.textContent = label;
      b.addEventListener("click", () => finish(answer === "yes"));
      row.append(b);
      return b;
    };
    const noButton = button(no, "no", "btn ask-no");
    const yesButton = button(yes, "yes", danger ? "btn btn-primary btn-danger-solid ask-yes" : "btn btn-primary ask-yes");
    box.append(words, row);
    back.append(box);
    const key = (ev) => {
      if (ev.key === "Escape") { ev.preventDefault(); finish(false); }
      if (ev.key === "Tab") { // the focus stays on the two buttons
        ev.preventDefault();
        (document.activeElement === yesButton ? noButton : yesButton).focus();
      }
    };
    // everything behind the question is out of reach while it is open
    const behind = [...document.body.children].filter((el) => !el.inert);
    function finish(answer) {
      if (current !== finish) return;
      current = null;
      document.removeEventListener("keydown", key, true);
      for (const el of behind) el.inert = false;
      back.remove();
      if (before && before.focus && document.contains(before)) before.focus();
      resolve(answer);
    }
    back.addEventListener("click", (ev) => { if (ev.target === back) finish(false); });
    document.addEventListener("keydown", key, true);
    current = finish;
    currentId = id;
    document.body.append(back);
    for (const el of behind) el.inert = true;
    yesButton.focus();
  });
}

// Close question `id` if it is the one open (it resolves false; its asker knows why).
export function dismiss(id) {
  if (current && id !== null && currentId === id) current(false);
}
