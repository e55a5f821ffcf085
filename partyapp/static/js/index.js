// The start page: open a table on this screen, or jump to a room by its code.
import { call, connect, storage } from "./common.js";
import { lang, setLanguage } from "./i18n.js";

// The language switch: the page was drawn in the server's choice; the
// scripts' own (navigator.language) wins when no switch was pressed.
for (const item of document.querySelectorAll(".lang-switch [data-lang]")) {
  item.setAttribute("aria-pressed", item.dataset.lang === lang ? "true" : "false");
  item.addEventListener("click", () => setLanguage(item.dataset.lang));
}

const button = document.getElementById("start-table");
const errorLine = document.getElementById("start-error");

button.addEventListener("click", async () => {
  button.disabled = true;
  errorLine.hidden = true;
  const socket = connect();
  const family = document.getElementById("family-mode").checked;
  const answer = await call(socket, "room.create", { family });
  if (answer.ok) {
    storage.set(`partyapp.table.${answer.code}`, answer.host_token);
    window.location.assign(`/t/${answer.code}`);
    return;
  }
  socket.close();
  errorLine.textContent = answer.error.message;
  errorLine.hidden = false;
  button.disabled = false;
});
// The page comes disabled: a tap before the words and this script are
// loaded (a slow phone or Wi-Fi) would otherwise do nothing at all.
button.disabled = false;

const codeInput = document.getElementById("join-code");
codeInput.addEventListener("input", () => {
  codeInput.value = codeInput.value.toUpperCase().replace(/[^A-Z]/g, "").slice(0, 6);  // six letters (four in rooms made before)
});
