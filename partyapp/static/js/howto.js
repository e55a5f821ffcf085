// How to play, for every mode: the goal, a turn, how it ends and the
// forfeits, in a few lines, with what a forfeit is at this table (a drink,
// a point, a dare, none). On the TV it fills the game area's free space
// when a game starts and while it waits (HowToFill); on every phone it is
// behind the "Rules" button (RulesButton, RulesSheet). The rule texts are
// those of the seeds the engines are built from (see each engine's
// docstring for every reading).
import { cx, html, useLayoutEffect, useNow, useRef, useSize, useState } from "./view.js";
import { N_, isFamily, listOf, t } from "./i18n.js";

// Mode id -> its title and how it is played.
const HOW = {
  ring_of_fire: {
    title: N_("Ring of Fire"),
    goal: N_("Draw the cards round the cup in turn and do what each one says."),
    turn: N_("On your turn tap Draw on your phone: the TV shows the card and its rule. Some cards start a race, give you a role (question master, thumbmaster) or let you make a rule."),
    end: N_("The game ends with the last card, or when the fourth king is drawn: its drawer drinks the cup."),
    forfeits: N_("Each card says who takes a forfeit and how many; a broken rule costs one."),
  },
  kings: {
    title: N_("Kings"),
    goal: N_("Draw the cards in turn and do what each one says: this house's variant of Kings."),
    turn: N_("On your turn tap Draw on your phone and do what the card says (every card is listed below). A queen is a question card to keep, a jack a get-out-of-jail card."),
    end: N_("The first three kings are free; whoever draws the fourth necks the drink in front of them, and the game ends."),
    forfeits: N_("Counted in fingers: most cards say how many; a broken rule costs two."),
  },
  blackjack: {
    title: N_("Blackjack"),
    goal: N_("Get closer to 21 than the dealer without going over. The dealer is a player and the deal moves round the table."),
    turn: N_("Bet, then take cards (Hit) until you Stand. Aces count 1 or 11, pictures 10."),
    end: N_("After the rounds the host set, the most chips wins."),
    forfeits: N_("A hand that loses or goes bust takes a forfeit; so does a dealer who goes bust."),
  },
  casino_blackjack: {
    title: N_("Casino Blackjack"),
    goal: N_("Beat the house dealer: get closer to 21 than the dealer without going over."),
    turn: N_("Bet, then Hit, Stand, Double, Split or Surrender as the table rules allow. The dealer plays by itself and stands on 17."),
    end: N_("After the rounds the host set, the most chips wins."),
    forfeits: N_("Each hand that loses or goes bust takes a forfeit, and so does a surrender."),
  },
  russian_blackjack: {
    title: N_("Russian Blackjack"),
    goal: N_("Get closer to 21 than the dealer without going over; the dealer takes one card until the players are done."),
    turn: N_("Bet, then take cards or stop. Double on 9, 10 or 11; three sevens win a bonus; a tie leaves the stake on the table."),
    end: N_("The dealer passes to the left each deal; after the rounds the host set, the most chips wins."),
    forfeits: N_("A hand that loses or goes bust takes a forfeit; so does a dealer who goes bust."),
  },
  pontoon: {
    title: N_("Pontoon"),
    goal: N_("Beat the banker: get closer to 21 without going over. Ties go to the banker."),
    turn: N_("Stake on your first card, then Buy (pay for a card), Twist (a free card) or Stick. Five cards under 21 is a five card trick."),
    end: N_("The bank passes to whoever makes a pontoon; after the rounds the host set, the most chips wins."),
    forfeits: N_("A losing hand takes one forfeit, two against the banker's pontoon or five card trick; a bust banker takes one."),
  },
  old_maid: {
    title: N_("Old Maid"),
    goal: N_("Pair off your cards and do not be left holding the odd queen, the Old Maid."),
    turn: N_("Take one card unseen from your neighbour's fan on your phone; a pair it makes goes down by itself."),
    end: N_("When every pair is down, whoever holds the Old Maid loses."),
    forfeits: N_("The holder of the Old Maid takes one forfeit."),
  },
  cheat: {
    title: N_("Cheat"),
    goal: N_("Be the first with no cards left."),
    turn: N_("Play one or more cards face down and say their rank: the same, one above or one below the last call. Lying is allowed."),
    end: N_("Anybody may call \"Cheat!\" in the seconds after a play: the cards are turned, and the liar, or the wrong caller, picks up the pile."),
    forfeits: N_("Whoever picks up the pile takes a forfeit; at the end, those holding the most cards take one."),
  },
  go_fish: {
    title: N_("Go Fish"),
    goal: N_("Collect fours of a kind and be first with an empty hand."),
    turn: N_("Ask a player for a rank you hold. Got it? Ask again. If not, go fish: draw from the stock."),
    end: N_("Four of a kind go down by themselves; the game ends when a hand is empty and the stock is gone."),
    forfeits: N_("At the end, those holding the most cards take a forfeit."),
  },
  shif_shof_shum: {
    title: N_("Shif-shof-shum"),
    goal: N_("Keep at least one of your tokens while everybody else runs out."),
    turn: N_("Lay a card. The next player with the same rank says shif and the one before pays a token; a second match in a row is shof (2), a third shum (3). No match: pass, and the next player leads."),
    end: N_("A player with no tokens left is out; the last one holding a token wins."),
    forfeits: N_("Whoever pays takes as many forfeits as the word says: shif 1, shof 2, shum 3."),
  },
  kings_corner: {
    title: N_("Kings Corner"),
    goal: N_("Get rid of your cards by building down on the piles round the stock, in alternating colours."),
    turn: N_("Draw, then play as many cards as you can; kings go to the corners; move whole piles to join them."),
    end: N_("A deal ends when a hand is empty; cards left count as penalty points. The game ends at the target the host set."),
    forfeits: N_("The most penalty points in a deal take a forfeit; the loser of the game takes three."),
  },
  croatian_rummy: {
    title: N_("Croatian Rummy"),
    goal: N_("Lay down all your cards in sets and runs; jokers stand in for any card."),
    turn: N_("Draw from the stock or take from the discard line, lay down or add to sets, then discard one card."),
    end: N_("Rummy ends the deal: the cards left in hands count against their holders; the game ends at the target score."),
    forfeits: N_("Counted in fingers: a rummy costs everybody else two, and so does each joker laid in a set."),
  },
  irish_snap: {
    title: N_("Irish Snap"),
    goal: N_("Get rid of all your cards."),
    turn: N_("Flip your top card onto the pile, counting Ace, 2, 3 up to King. Slap when the card matches the count said."),
    end: N_("The last to slap picks up the pile; the first with no cards wins."),
    forfeits: N_("The last to slap takes a forfeit as they pick up the pile."),
  },
  egyptian_ratscrew: {
    title: N_("Egyptian Ratscrew"),
    goal: N_("Win every card in the pack."),
    turn: N_("Flip your top card onto the pile. A face card or an ace must be paid: the next player turns up to 4 cards."),
    end: N_("A player out of cards is out; the game ends as the host set (first out, or a time or round limit)."),
    forfeits: N_("Everybody who loses takes a forfeit."),
  },
  concentration: {
    title: N_("Concentration"),
    goal: N_("Find the most pairs in the face-down grid on the TV."),
    turn: N_("Pick two cards on your phone: both show on the TV. A pair is yours and you go again; if not, they turn back and the next player picks."),
    end: N_("The game ends when the grid is empty; the most pairs wins."),
    forfeits: N_("At the end, those with the fewest pairs take a forfeit."),
  },
};

export const HOWTO_MODES = Object.keys(HOW);

// What the options in force add to a turn (the game's, or before the start the defaults).
const slapRule = (o) => (o.false_slap === "drink" ? t("A slap on no match takes a forfeit.") : t("A slap on no match picks up the pile."));
const TURN_MORE = {
  irish_snap: (o) => slapRule(o),
  egyptian_ratscrew: (o) => {
    const slaps = [o.doubles && t("doubles"), o.sandwiches && t("sandwiches")].filter(Boolean);
    if (!slaps.length) return t("No slapping at this table: the pile goes to whoever's pay card is paid for.");
    return t("Slap {rules} to take the pile; a wrong slap burns {count} card.|Slap {rules} to take the pile; a wrong slap burns {count} cards.", {
      rules: listOf(slaps), count: o.burn || 1 });
  },
};

// A drinking deck's cards, card by card, as the deck in force words them.
function DeckCards({ state }) {
  const g = state.game;
  const cards = (g && g.deck_cards) || [];
  if (!cards.length) return null;
  const words = (text) => (g.house_deck ? text : t(text));
  const RANK = { A: t("Ace|Aces", { count: 1 }), J: t("Jack|Jacks", { count: 1 }), Q: t("Queen|Queens", { count: 1 }), K: t("King|Kings", { count: 1 }) };
  return html`<div class="howto-cards"><dt>${t("The cards")}</dt><dd><ul class="howto-card-list">
    ${cards.map((c) => html`<li key=${`${c.rank}${c.colour || ""}`}><b>${RANK[c.rank] || c.rank}${c.colour === "red" ? ` (${t("red")})`
      : c.colour === "black" ? ` (${t("black")})` : ""} — ${words(c.title)}</b>${c.text ? `: ${words(c.text)}` : ""}</li>`)}
  </ul></dd></div>`;
}

// What a forfeit is at this table: the room's settings and the game's own.
function forfeitsLine(state) {
  const g = state.game;
  const settings = (state.room && state.room.settings) || {};
  if (isFamily() || settings.family) return t("Family mode: every forfeit is a point.");
  if (g && g.options && g.options.forfeits === false) return t("This table plays it without forfeits.");
  return settings.alternative === "dare"
    ? t("A forfeit is a drink; who is not drinking does a dare instead.")
    : t("A forfeit is a drink; who is not drinking takes a point instead.");
}

// brief: the goal and a turn only.
export function HowTo({ state, mode, title = true, className = "", brief = false }) {
  const how = HOW[mode];
  if (!how) return null;
  const g = state.game;
  const name = g && g.mode === mode && g.title ? g.title : null;
  // built from the options in force: this game's, or the defaults before it starts
  const playing = Boolean(g && g.mode === mode);
  const more = TURN_MORE[mode] ? TURN_MORE[mode]((playing && g.options) || {}) : null;
  return html`<section class=${cx("howto", className)} data-howto=${mode}>
    ${title ? html`<h3 class="howto-title">${t("How to play {game}", { game: name ? t(name) : t(modeTitle(mode)) })}</h3>` : null}
    <dl class="howto-list">
      <div><dt>${t("Goal")}</dt><dd>${t(how.goal)}</dd></div>
      <div><dt>${t("A turn")}</dt><dd>${t(how.turn)}${more ? [" ", more] : null}</dd></div>
      ${brief ? null : html`<div><dt>${t("The end")}</dt><dd>${t(how.end)}</dd></div>
      <div><dt>${t("Forfeits")}</dt><dd>${t(how.forfeits)} ${forfeitsLine(state)}</dd></div>`}
      ${brief || !playing ? null : html`<${DeckCards} state=${state} />`}
    </dl>
  </section>`;
}

// A mode's name, for a how-to shown before its game starts (the host's game
// picker) and for the drinking decks' house-rules editor.
export function modeTitle(mode) {
  return HOW[mode] ? HOW[mode].title : mode;
}

// The TV: the how-to in the free space left at the bottom of the game area,
// shown only where it fits whole (never clipped, never over the game).
// The TV's free space under a game: the how-to while the game waits and,
// where the side has no room for it (a crowded table), the big QR code for a
// late guest (``join``) beside it. It shows the most that fits: both, or
// where they do not fit together each in turn for FILL_TURN_MS (the how-to
// whole or its goal and a turn, then the QR code), or nothing.
const FILL_TURN_MS = 15000;
const BOTH = [["whole", true], ["brief", true]];
const HOW_ALONE = [["whole", false], ["brief", false]];
const JOIN_ALONE = [[null, true]];

export function HowToFill({ state, join = null }) {
  const [slot, size] = useSize();
  const inner = useRef(null);
  const mode = state.game && state.game.mode;
  // Concentration's grid fills the whole area: it keeps it.
  const how = !state.game.over && HOW[mode] && mode !== "concentration";
  const qr = Boolean(join) && mode !== "concentration";
  const [since] = useState(Date.now());
  const now = useNow(FILL_TURN_MS, how && qr);
  const joinTurn = how && qr && Math.floor((now - since) / FILL_TURN_MS) % 2 === 1;
  const steps = [...BOTH, ...(joinTurn ? [...JOIN_ALONE, ...HOW_ALONE] : [...HOW_ALONE, ...JOIN_ALONE])]
    .filter(([h, j]) => (h ? how : true) && (j ? qr : true));
  const [level, setLevel] = useState(0);
  const [fits, setFits] = useState(false);
  const [part, withJoin] = steps[level] || [null, false];
  useLayoutEffect(() => { setLevel(0); }, [mode, how, qr, joinTurn, size.width, size.height]);
  useLayoutEffect(() => {
    const box = inner.current;
    if (!box) return;
    const ok = size.height > 0 && box.offsetHeight <= size.height + 1 && box.offsetWidth <= size.width + 1;
    setFits(ok);
    if (!ok && level < steps.length) setLevel(level + 1);
  }, [mode, level, steps.length, size.width, size.height]);
  if (!steps.length) return null;
  const shown = fits && level < steps.length;
  return html`<div class="howto-slot" ref=${slot}>
    <div class=${cx("howto-fill", shown ? "shown" : "unshown", part && withJoin && "with-join")} ref=${inner}
      aria-hidden=${shown ? undefined : "true"}>
      ${withJoin ? join : null}
      ${part ? html`<${HowTo} state=${state} mode=${mode} brief=${part === "brief"} />` : null}
    </div>
  </div>`;
}

// The phone: a "Rules" button, and the sheet it opens.
export function RulesButton({ open, setOpen }) {
  return html`<button type="button" id="btn-rules" class=${cx("btn btn-mini btn-rules", open && "chosen")}
    aria-expanded=${open ? "true" : "false"} aria-controls="rules-sheet" onClick=${() => setOpen(!open)}>${t("Rules")}</button>`;
}

export function RulesSheet({ state, mode, close }) {
  return html`<div id="rules-sheet" class="rules-sheet" role="region" aria-label=${t("Rules")}>
    <${HowTo} state=${state} mode=${mode} />
    <button type="button" class="btn btn-mini" onClick=${close}>${t("Close")}</button>
  </div>`;
}
