// The start page: open a table on this screen, or jump to a room by its code.
import { call, connect, storage } from "./common.js";
import { lang, setLanguage } from "./i18n.js";

// The language switch, in the page's language (the server's choice, which
// the scripts share).
for (const item of document.querySelectorAll(".lang-switch [data-lang]")) {
  item.setAttribute("aria-pressed", item.dataset.lang === lang ? "true" : "false");
  item.addEventListener("click", () => setLanguage(item.dataset.lang));
}

const buttons = [document.getElementById("start-table"), document.getElementById("start-here")];
const errorLine = document.getElementById("start-error");

// A table on this screen; `here`: "Play on this device", a phone or tablet
// lying on the real table and handed round (the table page remembers it).
async function startTable(here) {
  for (const b of buttons) b.disabled = true;
  errorLine.hidden = true;
  const socket = connect();
  const family = document.getElementById("family-mode").checked;
  const answer = await call(socket, "room.create", { family });
  if (answer.ok) {
    storage.set(`partyapp.table.${answer.code}`, answer.host_token);
    if (here) storage.set(`partyapp.table.${answer.code}.here`, "yes");
    // A `?lang=` this page was opened with goes on to the table it opens.
    const asked = new URL(window.location.href).searchParams.has("lang");
    window.location.assign(`/t/${answer.code}${asked ? `?lang=${lang}` : ""}`);
    return;
  }
  socket.close();
  errorLine.textContent = answer.error.message;
  errorLine.hidden = false;
  for (const b of buttons) b.disabled = false;
}
buttons[0].addEventListener("click", () => startTable(false));
buttons[1].addEventListener("click", () => startTable(true));
// The page comes disabled: a tap before the words and this script are
// loaded (a slow phone or Wi-Fi) would otherwise do nothing at all.
for (const b of buttons) b.disabled = false;

const codeInput = document.getElementById("join-code");
codeInput.addEventListener("input", () => {
  codeInput.value = codeInput.value.toUpperCase().replace(/[^A-Z]/g, "").slice(0, 6);  // six letters (four in rooms made before)
});
