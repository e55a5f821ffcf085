// The seats of guests without a phone: adding one (a name, how they take
// part tonight and their group for the Guys / Chicks cards, as a phone's
// join form asks), and each guest's seat screen on a table device (the same
// two choices to change, and in a card game "look at my hand" out of turn:
// the look is answered with the hand and written in the game's log, "Eve
// looked at her hand", so that nobody looks at a guest's cards unnoticed).
// guests.js shows a hand looked at (useLook) until it is put away (endLook).
import { cx, html, shared, useState } from "./view.js";
import { t } from "./i18n.js";
import { NAME_FIELD_MAX } from "./common.js";
import { PROFILES } from "./ui/profile.js";
import { screensFor } from "./modes/registry.js";
import { ask } from "./ui/ask.js";

const GROUPS = () => [["", t("Neither")], ["guys", t("Guys")], ["chicks", t("Chicks")]];

const familyOf = (state) => Boolean(state && state.room && state.room.settings && state.room.settings.family);

// The two choices of a guest's seat, as selects: how they take part tonight
// and their group (none in family mode: nobody drinks, no group cards).
function SeatChoices({ profile, group, onProfile, onGroup, id }) {
  return html`<div class="guest-choices">
    <label class="guest-choice"><span class="sub">${t("Tonight")}</span>
      <select id=${`${id}-profile`} data-field="profile" value=${profile} onChange=${(ev) => onProfile(ev.currentTarget.value)}>
        ${PROFILES().map(([v, label]) => html`<option key=${v} value=${v} selected=${v === profile}>${label}</option>`)}
      </select></label>
    <label class="guest-choice"><span class="sub">${t("For the Guys / Chicks cards")}</span>
      <select id=${`${id}-group`} data-field="group" value=${group || ""} onChange=${(ev) => onGroup(ev.currentTarget.value)}>
        ${GROUPS().map(([v, label]) => html`<option key=${v} value=${v} selected=${v === (group || "")}>${label}</option>`)}
      </select></label>
  </div>`;
}

// "Add a player without a phone": a name, how they take part and their
// group, then the seat (the same rules as a join).
export function GuestAdder({ ctx, state = null, compact = false }) {
  const [name, setName] = useState("");
  const [profile, setProfile] = useState("drinks");
  const [group, setGroup] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState(null);
  const family = familyOf(state);
  const id = compact ? "guest-name-lobby" : "guest-name";
  const submit = async (ev) => {
    ev.preventDefault();
    if (busy) return;
    setBusy(true);
    const sent = name;
    const answer = await ctx.call("host.command", { command: "add_guest", name: sent,
      ...(family ? {} : { profile, group: group || null }) });
    setBusy(false);
    if (answer.ok) {
      // The seat often shows (in the state) before this answer comes: a name
      // typed for the next guest meanwhile is kept.
      setName((now) => (now === sent ? "" : now));
      setRefusal(null);
    } else {
      setRefusal(answer.error.message);
    }
  };
  return html`<form class=${cx("guest-adder", compact && "compact")} autocomplete="off" onSubmit=${submit}>
    <label class="panel-title" for=${id}>${t("Add a player without a phone")}</label>
    <div class="row">
      <input id=${id} type="text" class="guest-name" maxlength=${NAME_FIELD_MAX} required value=${name}
        placeholder=${t("Their name")} enterkeyhint="done" onInput=${(ev) => setName(ev.currentTarget.value)} />
      <button type="submit" class="btn btn-add-guest" disabled=${busy}>${t("Add")}</button>
    </div>
    ${family ? null : html`<${SeatChoices} id=${id} profile=${profile} group=${group} onProfile=${setProfile} onGroup=${setGroup} />`}
    ${refusal ? html`<p class="error guest-refusal" role="alert">${refusal}</p>` : null}
    ${compact ? null : html`<p class="sub">${t("They play by being handed this device (or the host's phone) on their turn.")}</p>`}
  </form>`;
}

// -- a look at a guest's hand out of turn ------------------------------------------
const looking = shared(null); // { pid, name, you }

export const endLook = () => looking.set(null);
export const useLook = () => looking.use();

async function look(ctx, player, say) {
  if (!await ask(t("Only {name} may look. The log will say that {name} looked at their hand. Look now?", { name: player.name }),
    { yes: t("I am {name}: look at my hand", { name: player.name }), danger: false })) return;
  const answer = await ctx.call("guest.view", { player_id: player.id, look: true });
  if (!answer.ok) { say(answer.error.message); return; }
  looking.set({ pid: player.id, name: player.name, you: answer.you });
}

// The guests' seat screens on a table device, folded away: each guest's
// choices, and in a card game a look at their hand out of their turn.
export function GuestSeats({ state, ctx }) {
  const guests = (state.players || []).filter((p) => p.guest);
  const [refusal, setRefusal] = useState(null);
  if (!guests.length) return null;
  const game = state.game && !state.game.over ? state.game : null;
  const hands = game && !screensFor(game.mode).passAround;
  const family = familyOf(state);
  const update = async (p, change) => {
    const answer = await ctx.call("player.update", { as: p.id, ...change });
    setRefusal(answer.ok ? null : answer.error.message);
  };
  return html`<details class="guest-seats" id="guest-seats">
    <summary>${t("Players without a phone: their seats")}</summary>
    <ul class="guest-seat-list">${guests.map((p) => html`<li key=${p.id} class="guest-seat" data-guest=${p.id}>
      <span class="pname">${p.name}</span>
      ${family ? null : html`<${SeatChoices} id=${`seat-${p.id}`} profile=${p.profile || "drinks"} group=${p.group}
        onProfile=${(v) => update(p, { profile: v })} onGroup=${(v) => update(p, { group: v || null })} />`}
      ${hands && p.in_game && !p.waiting ? html`<button type="button" class="btn btn-mini" data-look=${p.id}
        onClick=${() => look(ctx, p, setRefusal)}>${t("I am {name}: look at my hand", { name: p.name })}</button>` : null}
    </li>`)}</ul>
    ${refusal ? html`<p class="error" role="alert">${refusal}</p>` : null}
  </details>`;
}
