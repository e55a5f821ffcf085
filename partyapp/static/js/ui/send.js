// Sending a move from a phone: one at a time (the buttons wait for the
// answer), and what the player had picked is cleared once the move is taken
// (a refused move keeps it, with the reason shown at the top).
//   const [act, busy] = useSend(send, () => setPicked(null));
import { useState } from "../view.js";

export function useSend(send, onTaken) {
  const [busy, setBusy] = useState(false);
  const act = async (action) => {
    if (busy) return null;
    setBusy(true);
    try {
      const answer = await send(action);
      if (answer && answer.ok && onTaken) onTaken();
      return answer;
    } finally {
      setBusy(false);
    }
  };
  return [act, busy];
}
