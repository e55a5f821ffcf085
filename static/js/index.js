// The start page: open a table on this screen, or jump to a room by its code.
import { call, connect, storage } from "./common.js";

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

const codeInput = document.getElementById("join-code");
codeInput.addEventListener("input", () => {
  codeInput.value = codeInput.value.toUpperCase().replace(/[^A-Z]/g, "").slice(0, 4);
});
