// Pontoon: the banker and the punters.
// The TV shows the banker's hand (backs until the banker's turn), what the
// banker is paying, the pack (and the packs in play, once a second one has
// been shuffled in) and whether the next deal is shuffled, the cut
// for the first bank, an offer of the bank, and a box per player: their
// hands with the face-down cards as backs, stakes, and results. The phone
// shows your hands with every card, what they are worth, your stack and the
// moves the rules allow now.
import { html } from "../view.js";
import { listOf, N_, t } from "../i18n.js";
import { nameOf } from "../common.js";
import { registerMessages } from "../words.js";
import { CardLabel } from "../ui/cards.js";
import { bankWords, totalWord } from "../ui/betting/words.js";
import { CardRow, HandView, handFigure } from "../ui/betting/hands.js";
import { BetTable, HouseZone, PlayerBox, boxPlayers, houseHolder, waitingOn } from "../ui/betting/table.js";
import { AmountAction, MoveButton, otherMoves, quickStakes } from "../ui/betting/phone.js";
import { bettingScreens } from "../ui/betting/screens.js";
import { Who } from "../ui/who.js";
import { ActionControl } from "../ui/action.js";
import { registerMode } from "./registry.js";

registerMessages({
  "pontoon.cut": N_("{player} cuts {card}."),
  "pontoon.banker": (p, e) => t({
    cut: N_("{player} cut the highest card and holds the bank."),
    pontoon: N_("{player}'s pontoon takes the bank."),
    sold: N_("{player} holds the bank now."),
    chips: N_("The banker ran short: the bank passes to {player}."),
    left: N_("The banker left: the bank passes to {player}."),
  }[e.reason] || N_("{player} holds the bank."), p),
  "pontoon.offer": N_("{player} offers the bank to {buyer} for {price}."),
  "pontoon.refuse": N_("{player} turns the bank down."),
  "pontoon.sold": N_("{player} sells the bank to {buyer} for {price}."),
  "pontoon.shuffle": N_("The pack is shuffled and cut."),
  "pontoon.deal": N_("{player} deals a card face down to each."),
  "pontoon.bet": N_("{player} stakes {amount}."),
  "pontoon.sit_out": N_("{player} sits this deal out."),
  "pontoon.banker_pontoon": N_("The banker has a pontoon, {cards}: everybody pays double!"),
  "pontoon.declare": N_("{player} declares a pontoon and shows {card}."),
  "pontoon.split": N_("{player} splits {cards}."),
  "pontoon.buy": N_("{player} buys a card for {amount}."),
  "pontoon.twist": N_("{player} twists {card}."),
  "pontoon.stick": N_("{player} sticks."),
  "pontoon.bust": N_("{player} is bust: {cards}, {total}."),
  "pontoon.trick": N_("{player} has a five card trick!"),
  "pontoon.banker_shows": N_("{player}, the banker, turns up {cards}: {total}."),
  "pontoon.banker_twist": N_("The banker twists {card}: {total}."),
  "pontoon.paying": (p, e) => (e.paying === null
    ? t("{player} stays on 21: paying pontoons and five card tricks only.", p)
    : t("{player} stays on {total}: paying {paying}.", p)),
  "pontoon.banker_trick": N_("The banker has a five card trick, {cards}: pontoons only are paid!"),
  "pontoon.banker_bust": N_("The banker is bust with {total}!"),
  "pontoon.bank": bankWords,
  "pontoon.second_pack": N_("The pack has run out: another pack is shuffled in ({packs} packs in play)."),
});

const STATUS_WORDS = { stuck: N_("sticks"), bust: N_("bust"), pontoon: N_("Pontoon!"), trick: N_("Five card trick!") };

// What the banker pays, once they stay.
function paying(g) {
  const b = g.banker_hand;
  if (!b || !b.status) return null;
  if (b.status === "pontoon") return t("pontoon! everybody pays double");
  if (b.status === "trick") return t("five card trick: pays pontoons only");
  if (b.status === "bust") return t("bust: pays every hand still in");
  if (b.status === "stuck") return b.total >= 21 ? t("paying five card tricks and pontoons only") : t("paying {n}", { n: String(b.total + 1) });
  return null;
}

// -- the table -------------------------------------------------------------------------------------
// The bank changed hands since the cards on the table were dealt (a
// pontoon took it, or it was sold): the new banker deals next.
const newBank = (g) => g.phase === "deal" && !g.over && houseHolder(g) !== g.banker;

// The banker's zone names the banker of the cards it shows.
function BankerZone({ state, compact }) {
  const g = state.game;
  const b = g.banker_hand;
  const pays = paying(g);
  const felt = [t("Pontoons and five card tricks pay double"), t("The banker wins ties")];
  if (!g.over) felt.push(g.shuffle_next ? t("Next deal: shuffled") : t("Next deal: no shuffle"));
  const packs = g.packs > 1 ? t("Packs in play: {n}", { n: String(g.packs) }) : null;
  return html`<${HouseZone} compact=${compact} cards=${b && b.cards} felt=${felt} note=${packs} pile="pack" count=${g.piles.pack}
    title=${t("{name}'s bank", { name: html`<${Who} state=${state} pid=${houseHolder(g)} />` })}
    total=${[b && typeof b.total === "number" ? totalWord(b.total, b.soft) : "",
      pays ? html` <span class="hand-status">${pays}</span>` : null]} />`;
}

function StatusLine({ state }) {
  const g = state.game;
  if (g.over) return null;
  const who = (pid) => html`<${Who} state=${state} pid=${pid} />`;
  let line = null;
  if (g.phase === "deal") {
    line = g.offer ? t("{banker} offers the bank to {buyer} for {price}", { banker: who(g.banker), buyer: who(g.offer.player), price: String(g.offer.price) })
      : newBank(g) ? t("{name} holds the bank now and deals next", { name: who(g.banker) })
        : t("{name} to deal", { name: who(g.banker) });
  } else if (g.phase === "bet") {
    line = t("Stakes, please: {names}", { names: waitingOn(state, g.waiting_for) });
  } else if (g.phase === "play" && g.current) {
    line = t("{name} to play", { name: who(g.current.player) });
  } else if (g.phase === "banker") {
    line = t("{name} plays the bank", { name: who(g.banker) });
  }
  return html`<p class="big-line turn-line bx-status">${line}</p>`;
}

function Cuts({ state }) {
  const cuts = state.game.cuts || [];
  if (!cuts.length) return null;
  return html`<p class="cut-line">${t("Cut for the bank: {cuts}", {
    cuts: listOf(cuts.map((c) => html`<span key=${c.player}><${Who} state=${state} pid=${c.player} /> <${CardLabel} code=${c.card} /></span>`)),
  })}</p>`;
}

function Box({ state, pid, compact }) {
  const g = state.game;
  let line = null;
  if (!g.over && g.phase === "bet") line = g.waiting_for.includes(pid) ? t("staking…") : null;
  if (!g.over && (g.sat_out || []).includes(pid)) line = t("sits out");
  if (!g.over && !(g.order || []).includes(pid) && g.phase !== "deal") line = line || t("watching");
  if (newBank(g) && pid === g.banker) line = t("holds the bank now");
  return html`<${PlayerBox} state=${state} pid=${pid} compact=${compact} statusWords=${STATUS_WORDS} line=${line} />`;
}

function PontoonTable({ state, ctx }) {
  return html`<${BetTable} state=${state} ctx=${ctx} pids=${boxPlayers(state, houseHolder(state.game))} className="pontoon"
    zone=${(compact) => html`<${BankerZone} state=${state} compact=${compact} />`} status=${html`<${StatusLine} state=${state} />`}
    extra=${html`<${Cuts} state=${state} />`}
    box=${(p, compact) => html`<${Box} key=${p} state=${state} pid=${p} compact=${compact} />`} />`;
}

// -- the phone ------------------------------------------------------------------------------------------
function rankWord(h) {
  if (h.rank[0] === 0) return t("bust with {total}", { total: String(h.total) });
  if (h.rank[0] === 3) return t("Pontoon!");
  if (h.rank[0] === 2) return t("Five card trick!");
  return totalWord(h.total, h.soft);
}

function MyHands({ state }) {
  const g = state.game;
  const me = state.you.player_id;
  const mine = state.you.hands || [];
  const pub = (g.hands || {})[me] || [];
  const cur = g.current && g.current.player === me ? g.current.hand : -1;
  if (!mine.length) return null;
  return html`<section class="my-hands">
    ${mine.map((h, i) => {
      const p = pub[i] || {};
      const hand = { ...p, cards: h.cards, total: null };
      return html`<div key=${i} class="my-hand">
        <${HandView} hand=${hand} size="phone" current=${i === cur} statusWords=${STATUS_WORDS} worth=${rankWord(h)}
          figure=${handFigure(g, me)} label=${mine.length > 1 ? t("Hand {n}", { n: String(i + 1) }) : t("Your hand")} />
      </div>`;
    })}
  </section>`;
}

function BankerStrip({ state }) {
  const g = state.game;
  const b = g.banker_hand;
  if (!b) return null;
  const holder = houseHolder(g);
  const mine = holder === state.you.player_id;
  return html`<section class="dealer-strip">
    <span class="strip-title">${mine ? t("Your bank") : t("{name}'s bank", { name: html`<b>${nameOf(state, holder)}</b>` })}</span>
    <${CardRow} cards=${b.cards} size="tiny" />
    <span class="strip-total">${typeof b.total === "number" ? totalWord(b.total, b.soft)
      : mine ? t("face down until your turn") : ""} ${paying(g) || ""}</span>
    ${newBank(g) ? html`<span class="strip-next">${g.banker === state.you.player_id ? t("The bank passes to you: you deal next")
      : t("The bank passes to {name}, who deals next", { name: html`<b>${nameOf(state, g.banker)}</b>` })}</span>` : null}
  </section>`;
}

const SELL_OPTS = { labels: { sell: N_("Sell the bank") }, fieldLabels: { "sell.player": N_("To"), "sell.price": N_("For") } };

function Moves({ state, send }) {
  const g = state.game;
  const me = state.you.player_id;
  const by = Object.fromEntries(state.you.actions.map((a) => [a.type, a]));
  const banker = g.phase === "banker" && g.banker === me;
  const mine = state.you.hands || [];
  const cur = g.current && g.current.player === me ? mine[g.current.hand] : null;
  const total = banker ? (g.banker_hand || {}).total : cur && cur.total;
  const out = [];
  if (by.deal) out.push(html`<${MoveButton} key="deal" type="deal" send=${send} label=${t("Deal the cards")} />`);
  if (by.sell) out.push(html`<${ActionControl} key="sell" state=${state} spec=${by.sell} send=${send} opts=${SELL_OPTS} />`);
  if (by.accept || by.refuse) {
    out.push(html`<p key="offer" class="sub">${t("{name} offers you the bank for {price}.", {
      name: html`<b>${nameOf(state, g.banker)}</b>`, price: String(g.offer.price) })}</p>`);
    if (by.accept) out.push(html`<${MoveButton} key="accept" type="accept" send=${send} label=${t("Buy the bank for {price}", { price: String(g.offer.price) })} />`);
    if (by.refuse) out.push(html`<${MoveButton} key="refuse" type="refuse" send=${send} label=${t("No, thanks")} className="btn-quiet-big" />`);
  }
  if (by.bet) {
    const { min, max } = by.bet.params.amount.int;
    out.push(html`<${AmountAction} key="bet" spec=${by.bet} send=${send} label=${t("Your stake on this card")}
      quick=${quickStakes(min, max)} button=${(v) => t("Stake {amount}", { amount: String(v) })} />`);
  }
  if (by.declare) out.push(html`<${MoveButton} key="declare" type="declare" send=${send} label=${t("Declare pontoon!")} />`);
  if (by.split) out.push(html`<${MoveButton} key="split" type="split" send=${send} label=${t("Split the pair")} />`);
  if (by.buy) {
    const { min, max } = by.buy.params.amount.int;
    out.push(html`<${AmountAction} key="buy" spec=${by.buy} send=${send} label=${t("Buy a card (face down): {min} to {max}", { min: String(min), max: String(max) })}
      quick=${[min, max]} button=${(v) => t("Buy for {amount}", { amount: String(v) })} />`);
  }
  if (by.twist || by.stick) {
    out.push(html`<div key="ts" class="move-pair">
      ${by.twist ? html`<${MoveButton} type="twist" send=${send} primary=${true} label=${banker ? t("Twist a card") : t("Twist (face up)")} />` : null}
      ${by.stick ? html`<${MoveButton} type="stick" send=${send} primary=${true} label=${banker
        ? (total >= 21 ? t("Stick on 21") : t("Stick: paying {n}", { n: String(total + 1) }))
        : t("Stick on {total}", { total: String(total) })} />` : null}
    </div>`);
  }
  out.push(otherMoves(state, send, KNOWN));
  return html`<div class="actions bet-moves">${out}</div>`;
}

const KNOWN = new Set(["deal", "sell", "accept", "refuse", "bet", "declare", "split", "buy", "twist", "stick"]);

// What the phone asks of you now, or null (the table waits for others).
function say(state, acts) {
  const g = state.game;
  const me = state.you.player_id;
  if (acts.includes("deal")) return newBank(g) ? t("The bank is yours now: deal") : t("You hold the bank: deal");
  if (newBank(g) && g.banker !== me) return t("{name} holds the bank now and deals next", { name: html`<b>${nameOf(state, g.banker)}</b>` });
  if (acts.includes("refuse")) return t("Buy the bank?");
  if (acts.includes("bet")) return t("Look at your card and stake");
  if (g.phase === "banker" && g.banker === me) return t("Your bank: twist or stick");
  if (acts.length && g.current && g.current.player === me) return t("Your turn");
  return null;
}

registerMode(["pontoon"], bettingScreens({
  Table: PontoonTable, Strip: BankerStrip, Hands: MyHands, Moves, say, dealer: N_("banker"),
}));
