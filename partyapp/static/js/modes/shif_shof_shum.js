// Shif-shof-shum: the table (the box of tokens, the card to match with the
// word it would earn, the cards laid this deal, who is out) and the phone
// (your tokens, the card to match, your hand with the cards you may lay).
import { cx, html } from "../view.js";
import { useKept } from "../keep.js";
import { N_, t } from "../i18n.js";
import { phrase, registerMessages } from "../words.js";
import { Card, CardBack, CardLabel, rankWord } from "../ui/cards.js";
import { Hand } from "../ui/hand.js";
import { Chips } from "../ui/chips.js";
import { LogList } from "../ui/ticker.js";
import { Result } from "../ui/result.js";
import { dealtByLot } from "../ui/seat.js";
import { useSend } from "../ui/send.js";
import { registerMode } from "./registry.js";
import { Who } from "../ui/who.js";

const WORDS = { shif: N_("Shif!"), shof: N_("Shof!"), shum: N_("Shum!") };

registerMessages({
  "shif_shof_shum.ante": N_("Everybody puts {count} token into the box.|Everybody puts {count} tokens into the box."),
  "shif_shof_shum.deal": phrase((e) => [N_("{cards} card each; {aside} set aside.|{cards} cards each; {aside} set aside."), { count: e.cards }]),
  "shif_shof_shum.lead": N_("{player} leads {card}."),
  "shif_shof_shum.match": phrase((e) => (e.paid
    ? [N_("{player} lays {card}: “{word}” — {payer} pays {paid}."), { word: t(WORDS[e.word]) }]
    : [N_("{player} lays {card}: “{word}”."), { word: t(WORDS[e.word]) }])),
  "shif_shof_shum.pass": N_("{player} passes."),
  "shif_shof_shum.out": N_("{player} has no tokens left and is out."),
  "shif_shof_shum.duel": N_("Two left: {players}. The player matched leads again."),
  "shif_shof_shum.empty": N_("{player} has no card to lead: the cards are dealt again."),
});

function playable(state) {
  const out = [];
  for (const a of state.you.actions || []) {
    if (a.type === "play") out.push(...a.params.card.one_of);
  }
  return out;
}

// What the player to move is doing, in words.
function turnLine(state) {
  const g = state.game;
  const who = html`<${Who} state=${state} pid=${g.turn} />`;
  if (!g.turn) return "";
  if (g.phase === "lead" || !g.top) return t("{name} leads a card.", { name: who });
  const top = html`<${CardLabel} code=${g.top.card} />`;
  if (g.relead) return t("{name} leads a new card, or lays another {rank}.", { name: who, rank: rankWord(g.top.card.slice(0, -1)) });
  return (g.options || {}).free_pass ? t("{name} may match {card} — or pass.", { name: who, card: top })
    : t("{name} matches {card}, or passes holding none.", { name: who, card: top });
}

function BoxOfTokens({ box }) {
  return html`<div class="ssh-box" aria-label=${t("The box: {count} token|The box: {count} tokens", { count: box })}>
    <div class="ssh-box-label">${t("The box")}</div>
    <div class="ssh-box-count"><${Chips} amount=${box} /></div>
  </div>`;
}

function Table({ state }) {
  const g = state.game;
  const laid = g.piles.laid || [];
  // At the end the result has the table to itself: every player's row in sight.
  if (g.over) return html`<div class="ssh-table over"><${Result} state=${state} /></div>`;
  return html`<div class="ssh-table">
    <div class="ssh-top">
      <${BoxOfTokens} box=${g.box} />
      <div class="ssh-run">
        ${g.top ? html`<${Card} code=${g.top.card} size="big" fresh=${true} key=${g.top.card} />`
          : html`<div class="card big empty-slot"></div>`}
        <div class="ssh-run-text">
          ${g.top ? html`<div class="ssh-by">${t("laid by {name}", { name: html`<${Who} state=${state} pid=${g.top.player} />` })}</div>` : null}
          ${g.word && g.phase === "match" ? html`<div class="ssh-word">${t("Next match: {word}", { word: t(WORDS[g.word]) })}</div>` : null}
          ${g.duel ? html`<div class="ssh-duel">${t("Two left: the player matched leads again.")}</div>` : null}
        </div>
      </div>
    </div>
    ${g.over ? html`<${Result} state=${state} />` : html`<p class="big-line turn-line">${turnLine(state)}</p>`}
    <div class="ssh-laid" aria-label=${t("Cards laid this deal")}>
      <div class="ssh-laid-cards">${laid.slice(-12).map((c, i) => html`<${Card} key=${`${i}:${c}`} code=${c} size="small"
        covered=${i < Math.min(laid.length, 12) - 1} />`)}</div>
      <div class="sub">${t("Deal {round} · {count} card laid|Deal {round} · {count} cards laid", { round: g.round, count: laid.length })}${" · "}${t("{count} set aside", { count: g.piles.aside })}</div>
    </div>
    <${LogList} state=${state} />
  </div>`;
}

function Status({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  if (g.over) return html`<div class="status-line">${t("Game over.")}</div>`;
  if ((g.tokens[me] || 0) <= 0) return html`<div class="status-line">${t("You are out of tokens: watch the others.")}</div>`;
  if (g.turn !== me) return html`<div class="status-line">${turnLine(state)}</div>`;
  if (g.phase === "lead" || !g.top) return html`<div class="status-line mine">${t("Your lead: lay any card.")}</div>`;
  const top = html`<${CardLabel} code=${g.top.card} />`;
  const rank = g.top.card.slice(0, -1);
  if (g.relead) {
    // "another" only to a player who holds one
    const another = (state.you.hand || []).some((c) => c.slice(0, -1) === rank);
    return html`<div class="status-line mine">${another
      ? t("You were matched: lead a new card, or lay another {rank}.", { rank: rankWord(rank) })
      : t("You were matched: lead a new card.")}</div>`;
  }
  const canPass = (state.you.actions || []).some((a) => a.type === "pass");
  const word = t(WORDS[g.word] || "");
  return html`<div class="status-line mine">${!playable(state).length
    ? t("You hold no card to match {card}: pass.", { card: top })
    : canPass ? t("Match {card} — “{word}” — or pass.", { card: top, word })
      : t("Match {card} — “{word}”: a match must be laid.", { card: top, word })}</div>`;
}

function Phone({ state, send }) {
  const g = state.game;
  const you = state.you;
  const me = you.player_id;
  const [picked, setPicked] = useKept("shif.picked", null, "game");
  const [act, busy] = useSend(send, () => setPicked(null));
  const cards = playable(state);
  const choice = picked && cards.includes(picked) ? picked : (cards.length === 1 ? cards[0] : null);
  const canPass = (you.actions || []).some((a) => a.type === "pass");
  const matching = choice && g.top && g.phase === "match" && choice.slice(0, -1) === g.top.card.slice(0, -1);
  return html`<div class="ssh-phone">
    <div class="ssh-tokens">
      <span>${t("Your tokens")} <${Chips} amount=${g.tokens[me] || 0} /></span>
      <span>${t("The box")} <${Chips} amount=${g.box} /></span>
    </div>
    ${g.top && !g.over ? html`<div class="ssh-to-match">
      <${Card} code=${g.top.card} size="small" />
      <span>${t("On the table: {card}, laid by {name}", { card: html`<${CardLabel} code=${g.top.card} />`, name: html`<${Who} state=${state} pid=${g.top.player} />` })}</span>
    </div>` : null}
    ${(you.hand || []).length ? html`<${Hand} cards=${you.hand} selected=${choice ? [choice] : []}
      enabled=${cards.length ? cards : []} onToggle=${cards.length ? (c) => setPicked(c === choice ? null : c) : undefined} />` : null}
    <div class="actions">
      ${cards.length ? html`<button type="button" class="btn btn-big btn-primary" data-action="play" disabled=${!choice || busy}
        onClick=${() => act({ type: "play", card: choice })}>
        <span>${!choice ? t("Tap a card to lay")
          : matching ? t("Lay {card}: {word}", { card: html`<${CardLabel} code=${choice} />`, word: WORDS[g.word] ? t(WORDS[g.word]) : "" })
          : t("Lead {card}", { card: html`<${CardLabel} code=${choice} />` })}</span></button>` : null}
      ${canPass ? html`<button type="button" class=${cx("btn btn-big", !cards.length && "btn-primary")} data-action="pass"
        disabled=${busy} onClick=${() => act({ type: "pass" })}>${t("Pass")}</button>` : null}
    </div>
    ${g.over ? html`<${Result} state=${state} />` : null}
  </div>`;
}

function seatInfo(state, player) {
  const g = state.game;
  const badges = [];
  if ((g.out || []).includes(player.id)) badges.push({ text: t("out"), kind: "out" });
  if (g.dealer === player.id && !g.over && !dealtByLot(state, player)) badges.push({ text: t("dealer"), kind: "role" });
  return {
    handSize: g.hand_sizes ? g.hand_sizes[player.id] : undefined,
    chips: g.tokens ? g.tokens[player.id] : undefined,
    badges,
  };
}

registerMode(["shif_shof_shum"], { Table, Phone, Status, seatInfo });
