// Go Fish: the table (the stock, the last ask and what came of it as a rank
// and a count, everybody's books) and the phone (tap a card or a rank you
// hold, pick whom to ask, ask; what you were handed or fished).
import { cx, html, useState } from "../view.js";
import { useKept } from "../keep.js";
import { N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { CardLabel, parseCard } from "../ui/cards.js";
import { Hand } from "../ui/hand.js";
import { RankChooser, rankCount, ranksWord } from "../ui/ranks.js";
import { ChoiceName, playerChoice } from "../ui/choice.js";
import { registerMessages } from "../words.js";
import { HandGameTable, Outcome, PileBox, WinnerStatus } from "./kit.js";
import { Who } from "../ui/who.js";
import { registerMode } from "./registry.js";

registerMessages({
  "go_fish.deal": N_("{dealer} dealt {each} cards each."),
  "go_fish.ask": (p, e) => (e.target
    ? t("{player} asked {target} for {ranks}.", { player: p.player, target: p.target, ranks: ranksWord(e.rank) })
    : t("{player} asked everyone for {ranks}.", { player: p.player, ranks: ranksWord(e.rank) })),
  "go_fish.give": (p, e) => t("{player} handed {to} {what}.", { player: p.player, to: p.to, what: rankCount(e.rank, e.count) }),
  "go_fish.fish": (p, e) => (e.count ? t("Go fish! {player} draws from the stock.", p)
    : t("Go fish! The stock is empty: {player} draws nothing.", p)),
  "go_fish.wish": N_("{player} fished {card}, the rank asked for: another turn!"),
  "go_fish.book": (p, e) => t("{player} laid down the four {ranks}.", { player: p.player, ranks: ranksWord(e.rank) }),
  "go_fish.out": N_("{player} has no cards left in hand ({books} books)."),
  "go_fish.refill": N_("{player}'s hand is empty: they draw a card from the stock and play on."),
});

const W = (state, pid) => html`<${Who} state=${state} pid=${pid} />`;
const rankOf = (code) => (parseCard(code) || {}).rank;

// What came of the last ask, in words.
function lastWords(state) {
  const g = state.game;
  const last = g.last;
  if (!last) return null;
  const asked = last.target
    ? t("{player} asked {target} for {ranks}", { player: W(state, last.player), target: W(state, last.target), ranks: ranksWord(last.rank) })
    : t("{player} asked everyone for {ranks}", { player: W(state, last.player), ranks: ranksWord(last.rank) });
  const came = last.count ? t("and got {what}.", { what: rankCount(last.rank, last.count) }) : t("— Go fish!");
  return [asked, " ", came];
}

function Headline({ state }) {
  const g = state.game;
  if (g.over) {
    return html`<p class="big-line">${g.winner ? t("{name} has no cards left and wins!", { name: W(state, g.winner) }) : t("Game over.")}</p>`;
  }
  return html`<p class="big-line">${t("{name} to ask", { name: W(state, g.current) })}</p>`;
}

function LastAsk({ state }) {
  const g = state.game;
  const words = lastWords(state);
  return html`<div class="hg-box last-ask-box">
    <div class="hg-box-title">${t("Last ask")}</div>
    <div class="last-ask">${words || t("Nobody has asked yet.")}</div>
    ${g.shown ? html`<div class="sub">${t("Fished the rank asked for: another turn!")}</div>` : null}
  </div>`;
}

function Books({ state }) {
  const g = state.game;
  const rows = (state.players || []).filter((p) => (g.books[p.id] || []).length);
  return html`<div class="hg-box books-box">
    <div class="hg-box-title">${t("Books")}</div>
    ${rows.length ? html`<ul class="books-list">${rows.map((p) => html`<li key=${p.id}>
      <span class="books-who">${p.name}</span>
      <span class="book-ranks">${g.books[p.id].map((r) => html`<span key=${r} class="book" title=${ranksWord(r)}>${r}</span>`)}</span>
    </li>`)}</ul>` : html`<div class="sub">${t("No books yet")}</div>`}
  </div>`;
}

const SOUNDS = { "go_fish.book": "race", "go_fish.fish": "draw", "go_fish.refill": "draw", "go_fish.give": "draw", "game.over": "end" };

function Table({ state, ctx }) {
  const g = state.game;
  return html`<${HandGameTable} state=${state} ctx=${ctx} sounds=${SOUNDS} className="go-fish-table"
    headline=${html`<${Headline} state=${state} />`}>
    <${PileBox} name="stock" title=${t("Stock")} count=${g.piles.stock} />
    <${LastAsk} state=${state} />
    <${Books} state=${state} />
  </${HandGameTable}>`;
}

// -- phone ---------------------------------------------------------------------------
function AskForm({ state, send, rank, setRank }) {
  const g = state.game;
  const spec = state.you.actions.find((a) => a.type === "ask");
  const ranks = spec.params.rank.one_of;
  const players = spec.params.player ? spec.params.player.one_of : null;
  const [who, setWho] = useKept("go_fish.who", null, "act:ask");
  const [busy, setBusy] = useState(false);
  const counts = {};
  for (const c of state.you.hand) counts[rankOf(c)] = (counts[rankOf(c)] || 0) + 1;
  const chosenRank = ranks.includes(rank) ? rank : null;
  const chosenWho = players ? (players.includes(who) ? who : (players.length === 1 ? players[0] : null)) : null;
  const ok = chosenRank && (!players || chosenWho);
  const ask = async () => {
    if (!ok || busy) return;
    setBusy(true);
    const action = { type: "ask", rank: chosenRank };
    if (players) action.player = chosenWho;
    const answer = await send(action);
    setBusy(false);
    if (answer && answer.ok) setRank(null);
  };
  const label = !chosenRank ? t("Tap a card or a rank to ask for")
    : players && !chosenWho ? t("Now pick whom to ask")
      : players ? t("Ask {name} for {ranks}", { name: nameOf(state, chosenWho), ranks: ranksWord(chosenRank) })
        : t("Ask everyone for {ranks}", { ranks: ranksWord(chosenRank) });
  return html`<section class="ask-form" data-action="ask">
    <div class="action-label">${t("Ask for")}</div>
    <${RankChooser} ranks=${ranks} value=${chosenRank} onChange=${setRank} counts=${counts} label=${t("Rank to ask for")} />
    ${players ? html`<div class="action-label">${t("Ask whom")}</div>
      <div class=${cx("choices who-choices", players.length > 4 && "many")} role="radiogroup" aria-label=${t("Player to ask")}>
        ${players.map((p) => html`<button type="button" key=${p} ...${playerChoice(state, p, cx("btn btn-choice", chosenWho === p && "chosen"))}
          role="radio" aria-checked=${chosenWho === p ? "true" : "false"} data-value=${p} onClick=${() => setWho(p)}>
          <${ChoiceName} state=${state} pid=${p} /><span class="sub">${t("{count} card|{count} cards", { count: g.hand_sizes[p] })}</span></button>`)}
      </div>` : null}
    <button type="button" class="btn btn-big btn-primary act-ask" disabled=${!ok || busy} onClick=${ask}>${label}</button>
  </section>`;
}

// What the last ask meant for you: what you got, fished or handed over.
function Happened({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  const last = g.last;
  if (!last) return null;
  let words = null;
  if (last.player === me) {
    if (state.you.drawn) words = t("Go fish! You drew {card}.", { card: html`<${CardLabel} code=${state.you.drawn} />` });
    else words = last.count ? t("You got {what}.", { what: rankCount(last.rank, last.count) }) : t("Go fish! The stock is empty.");
  } else {
    const log = g.log || [];
    const asked = log.map((e) => e.msg).lastIndexOf("go_fish.ask");
    const gave = log.slice(asked + 1).find((e) => e.msg === "go_fish.give" && e.player === me);
    if (asked >= 0 && gave) words = t("You handed {name} {what}.", { name: W(state, gave.to), what: rankCount(gave.rank, gave.count) });
  }
  return html`<div class="hg-note">${lastWords(state)}${words ? html`<div class="my-part">${words}</div>` : null}</div>`;
}

function Phone({ state, send }) {
  const g = state.game;
  const you = state.you;
  const asking = you.actions.some((a) => a.type === "ask");
  const [rank, setRank] = useKept("go_fish.rank", null, "act:ask");
  const selected = asking && rank ? you.hand.filter((c) => rankOf(c) === rank) : [];
  const mine = g.books[you.player_id] || [];
  return html`<div class="hg-phone go-fish-phone">
    <${Happened} state=${state} />
    ${mine.length ? html`<div class="hg-note my-books">${t("Your books:")} ${mine.map((r) => html`<span key=${r} class="book">${r}</span>`)}</div>` : null}
    <${Hand} cards=${you.hand} selected=${selected} onToggle=${asking ? (code) => setRank(rankOf(code)) : undefined} />
    ${asking ? html`<${AskForm} state=${state} send=${send} rank=${rank} setRank=${setRank} />` : null}
    ${g.over ? html`<${Outcome} state=${state} />` : null}
  </div>`;
}

function Status({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  if (g.over) return html`<${WinnerStatus} state=${state} yours=${t("No cards left: you win!")} />`;
  if (g.current === me) return html`<div class="status-line mine">${t("Your turn: ask for a rank you hold")}</div>`;
  return html`<div class="status-line">${t("{name} is asking", { name: html`<b>${nameOf(state, g.current)}</b>` })}</div>`;
}

function seatInfo(state, player) {
  const g = state.game;
  const books = (g.books && g.books[player.id]) || [];
  const badges = books.length ? [{ text: t("{count} book|{count} books", { count: books.length }), kind: "role" }] : [];
  if (g.winner === player.id) badges.push({ text: t("winner"), kind: "host" });
  return { handSize: g.hand_sizes[player.id], badges };
}

registerMode(["go_fish"], { Table, Phone, Status, seatInfo });
