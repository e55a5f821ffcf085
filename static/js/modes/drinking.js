// Ring of Fire and Kings: the table (ring of cards round the cup, the card
// just drawn with its rule, the prompt in play, rules, roles, mates, the
// ticker) and the phone (tap to draw, the prompt aimed at you, your roles).
import { cardEl, cardShort, el, nameOf, parseCard } from "../common.js";
import { actionControl, actionsBlock, valueLabel } from "./generic.js";
import { registerMode } from "./index.js";
import { openEditor } from "../editor.js";

const ROLE_TITLES = {
  question_master: "Question master",
  thumbmaster: "Thumbmaster",
  toilet: "Toilet card",
  jail: "Get out of jail free",
  question_card: "Question card",
};

// Log entries are lists of text and {player} / {card} parts.
function richText(state, parts) {
  return (parts || []).map((part) => {
    if (typeof part === "string") return part;
    if (part && part.player) return el("b", { class: "who" }, nameOf(state, part.player));
    if (part && part.card) {
      const c = parseCard(part.card);
      return el("b", { class: `card-name${c && c.red ? " red" : ""}` }, cardShort(part.card));
    }
    return "";
  });
}

function names(state, pids) {
  return (pids || []).map((p) => nameOf(state, p)).join(", ");
}

// -- the ring of face-down cards round the cup --------------------------------
function ring(game) {
  const total = game.remaining + game.drawn;
  const cards = [];
  for (let i = 0; i < game.remaining; i += 1) {
    const angle = (360 * i) / Math.max(total, 1);
    cards.push(el("div", { class: "ring-card", style: { "--a": `${angle}deg` } }));
  }
  const fill = game.cup && game.cup.of ? Math.round((100 * game.cup.filled) / game.cup.of) : 0;
  return el("div", { class: "ring", "aria-label": `${game.remaining} cards left round the cup` },
    cards,
    el("div", { class: "cup", title: `Cup ${game.cup.filled} of ${game.cup.of}` },
      el("div", { class: "cup-fill", style: { height: `${fill}%` } }),
      el("div", { class: "cup-label" }, `${game.cup.filled}/${game.cup.of}`)),
    el("div", { class: "ring-count" }, `${game.remaining} left`));
}

function promptLine(state) {
  const g = state.game;
  const pr = g.prompt;
  if (g.over) {
    const r = g.result || {};
    return el("div", { class: "prompt-line over" }, "Game over",
      r.by ? el("span", {}, " — ", el("b", {}, nameOf(state, r.by)), r.reason === "last_king" ? " drew the last king and necks the cup!" : "") : null);
  }
  if (!pr) return el("div", { class: "prompt-line" }, el("b", {}, nameOf(state, g.turn)), " to draw");
  switch (pr.kind) {
    case "pick":
      return el("div", { class: "prompt-line" }, el("b", {}, nameOf(state, pr.by)), pr.for === "mate" ? " is choosing a mate…" : " is choosing who drinks…");
    case "rule":
      return el("div", { class: "prompt-line" }, el("b", {}, nameOf(state, pr.by)), " is typing a new rule…");
    case "race":
      return el("div", { class: "prompt-line race" },
        el("span", { class: "race-title" }, `${pr.title}${pr.thumb ? ` (${pr.thumb} thumb)` : ""}: TAP your phones!`),
        el("ol", { class: "race-order" }, pr.order.map((p) => el("li", {}, nameOf(state, p),
          pr.thumb && pr.thumbs[p] && pr.thumbs[p] !== pr.thumb ? " (wrong thumb!)" : ""))),
        pr.waiting.length ? el("div", { class: "race-waiting" }, "Waiting for ", names(state, pr.waiting)) : null);
    case "round":
      return el("div", { class: "prompt-line" }, `${pr.title}: `, el("b", {}, nameOf(state, pr.speaker)), "'s go",
        el("div", { class: "sub" }, `${pr.goes} said so far. `, el("b", {}, nameOf(state, pr.caller)), " taps who messed up."));
    case "chugalug":
      if (pr.phase === "choose") return el("div", { class: "prompt-line" }, el("b", {}, nameOf(state, pr.by)), " starts chugalug: left or right?");
      return el("div", { class: "prompt-line chug" },
        el("span", { class: "chug-number" }, String(pr.number)),
        el("span", {}, " ", el("b", {}, nameOf(state, pr.speaker)), "'s go ", pr.direction === 1 ? "→" : "←"),
        el("div", { class: "sub" }, "Multiples of 5 or 7: say \"chugalug\" and the count turns round."));
    case "rps":
      return el("div", { class: "prompt-line" }, "Paper, scissors, stone: ",
        el("b", {}, names(state, pr.players)),
        el("div", { class: "sub" }, pr.players.map((p) => `${nameOf(state, p)} ${pr.wins[p] || 0}`).join(" – "),
          ` (first to ${pr.need}) · picked: ${pr.picked.length ? names(state, pr.picked) : "nobody yet"}`),
        pr.rounds.length ? el("div", { class: "sub" }, pr.rounds.map((r) =>
          `${Object.entries(r.picks).map(([p, v]) => `${nameOf(state, p)}: ${v}`).join(" vs ")}${r.winner ? ` → ${nameOf(state, r.winner)}` : " → tie"}`).join(" · ")) : null);
    default:
      return el("div", { class: "prompt-line" }, "…");
  }
}

function outcomeLine(state) {
  const o = state.game.outcome;
  if (!o) return null;
  if (o.kind === "race") {
    return el("div", { class: "outcome" }, `${o.title}${o.timed_out ? " (time up)" : ""}: `,
      o.order.map((p, i) => `${i + 1}. ${nameOf(state, p)}`).join("  "),
      " — ", el("b", { class: "loser" }, names(state, o.losers)), o.losers.length ? " drink" + (o.losers.length === 1 ? "s" : "") : "");
  }
  if (o.kind === "waterfall") {
    return el("div", { class: "outcome" }, "Waterfall — stop in this order: ", o.order.map((p, i) => `${i + 1}. ${nameOf(state, p)}`).join("  "));
  }
  if (o.kind === "round" && o.loser) return el("div", { class: "outcome" }, `${o.title}: `, el("b", { class: "loser" }, nameOf(state, o.loser)), " messed up and drinks");
  if (o.kind === "chugalug" && o.loser) return el("div", { class: "outcome" }, `Chugalug at ${o.number}: `, el("b", { class: "loser" }, nameOf(state, o.loser)), ` said ${o.said === null ? "nothing" : o.said} (it was ${o.expected})`);
  return null;
}

function rulesPanel(state) {
  const rules = state.game.rules || [];
  return el("section", { class: "panel rules-panel" },
    el("h3", {}, "Rules in force"),
    rules.length
      ? el("ol", { class: "rules" }, rules.map((r) => el("li", {}, el("span", { class: "rule-text" }, r.text), el("span", { class: "by" }, ` — ${nameOf(state, r.by)}`))))
      : el("p", { class: "empty" }, "None yet."));
}

function rolesPanel(state) {
  const g = state.game;
  const held = Object.entries(g.roles || {}).filter(([, pid]) => pid);
  const rows = held.length
    ? held.map(([role, pid]) => el("li", { class: "held" }, el("span", { class: "role-name" }, ROLE_TITLES[role] || role), el("b", {}, nameOf(state, pid))))
    : [el("li", { class: "free" }, "Nobody holds a card yet")];
  const mates = (g.mates || []).map((group) => el("li", {}, names(state, group)));
  const guys = (state.players || []).filter((p) => p.group === "guys").map((p) => p.name);
  const chicks = (state.players || []).filter((p) => p.group === "chicks").map((p) => p.name);
  return el("section", { class: "panel roles-panel" },
    el("h3", {}, "Roles"), el("ul", { class: "roles" }, rows),
    mates.length ? [el("h3", {}, "Mates"), el("ul", { class: "mates" }, mates)] : null,
    el("div", { class: "direction" }, g.direction === 1 ? "Play goes clockwise ↻" : "Play goes counter-clockwise ↺"),
    guys.length || chicks.length ? el("div", { class: "groups" }, guys.length ? `Guys: ${guys.join(", ")}` : null, guys.length && chicks.length ? " · " : null, chicks.length ? `Chicks: ${chicks.join(", ")}` : null) : null);
}

let lastAnimated = null;

function table(state, ctx, previous) {
  const g = state.game;
  const card = g.card;
  const fresh = g.drawn && (!previous || !previous.game || previous.game.drawn !== g.drawn);
  const key = `${state.room.code}:${g.drawn}`;
  if (fresh && lastAnimated !== key) {
    lastAnimated = key;
    ctx.sound && ctx.sound(g.over ? "end" : "draw");
  }
  if (g.prompt && g.prompt.kind === "race" && (!previous || !previous.game || !previous.game.prompt || previous.game.prompt.kind !== "race")) {
    ctx.sound && ctx.sound("race");
  }
  return el("div", { class: `drinking-table mode-${g.mode}` },
    el("div", { class: "dt-top" },
      ring(g),
      el("div", { class: "drawn" },
        card ? cardEl(card.code, `big${fresh ? " flip-in" : ""}`) : el("div", { class: "card card-back big" }),
        el("div", { class: "card-meaning" },
          card ? [
            el("div", { class: "card-title" }, card.title),
            el("div", { class: "card-rule" }, card.text),
            g.last_drawer ? el("div", { class: "card-by" }, "drawn by ", el("b", {}, nameOf(state, g.last_drawer))) : null,
          ] : el("div", { class: "card-title" }, `${g.title}: first card!`)),
      )),
    el("div", { class: "dt-status" }, promptLine(state), outcomeLine(state)),
    el("div", { class: "dt-panels" }, rulesPanel(state), rolesPanel(state)));
}

function ticker(state) {
  const log = (state.game.log || []).slice(-8).reverse();
  return log.map((e) => el("span", { class: `tick${e.undone ? " undone" : ""}` }, richText(state, e.text)));
}

// -- phone ---------------------------------------------------------------------
const LABELS = {
  draw: "Tap to draw",
  tap: "TAP!",
  pick: "Pick who",
  rule: "Type your rule",
  done: "Done: pass it on",
  missed: "Who messed up?",
  start: "Start chugalug: one to my…",
  answer: "Say it!",
  rps: "Your pick",
  thumb: "Start the thumb race",
  caught: "Caught someone answering",
  deflect: "\"F*** off!\" (turn the question card on its holder)",
  toilet: "Use the toilet card",
  jail: "Get out of jail free",
  steal: "Steal the jail card",
  breach: "Report a broken rule",
};
const PRIMARY = new Set(["draw", "tap", "pick", "rule", "done", "missed", "start", "answer", "rps", "thumb"]);

function status(state) {
  const g = state.game;
  const me = state.you.player_id;
  const acts = state.you.actions.map((a) => a.type);
  if (g.over) return el("div", { class: "status-line" }, "Game over. ", g.result && g.result.by ? `${nameOf(state, g.result.by)} ${g.result.reason === "last_king" ? "drew the last king" : "ended it"}.` : "");
  if (acts.includes("draw")) return el("div", { class: "status-line mine" }, "Your turn: tap to draw");
  if (acts.includes("tap")) return el("div", { class: "status-line mine" }, `${g.prompt.title}: tap now!`);
  const prompt = state.you.prompt;
  if (prompt) {
    const say = {
      pick_player: prompt.for === "mate" ? "Pick your mate" : "Pick who drinks",
      type_rule: "Make a rule everybody must follow",
      round: prompt.your_go ? "Your go: say your word, then tap Done" : "Tap who messed up",
      chugalug_start: "Start chugalug",
      chugalug_answer: `Your go: what comes after ${prompt.number - 1}?`,
      rps: "Paper, scissors, stone: pick!",
    }[prompt.prompt];
    if (say) return el("div", { class: "status-line mine" }, say);
  }
  if (g.prompt) return el("div", { class: "status-line" }, promptLine(state));
  return el("div", { class: "status-line" }, g.turn === me ? "Your turn" : [el("b", {}, nameOf(state, g.turn)), " is drawing"]);
}

function phone(state, send) {
  const g = state.game;
  const you = state.you;
  const card = g.card;
  const parts = [];
  const outcome = outcomeLine(state);
  if (outcome) parts.push(el("div", { class: "phone-outcome" }, outcome));
  if (card) {
    parts.push(el("div", { class: "phone-card" }, cardEl(card.code, "small"),
      el("div", {}, el("div", { class: "card-title" }, card.title), el("div", { class: "card-rule" }, card.text))));
  }
  const primary = you.actions.filter((a) => PRIMARY.has(a.type));
  const powers = you.actions.filter((a) => !PRIMARY.has(a.type));
  if (primary.length) parts.push(el("div", { class: "actions primary" }, primary.map((a) => actionControl(state, a, send, { labels: LABELS }))));
  if (you.rps_pick) parts.push(el("div", { class: "status-line" }, `You picked ${you.rps_pick}. Waiting…`));
  if (you.roles && you.roles.length) {
    parts.push(el("section", { class: "my-roles" }, el("h3", {}, "Your cards"),
      el("ul", {}, you.roles.map((r) => el("li", {}, el("b", {}, r.title), el("div", { class: "sub" }, r.can))))));
  }
  if (you.mates && you.mates.length) parts.push(el("div", { class: "sub" }, "Your mates drink with you: ", names(state, you.mates)));
  if (powers.length) {
    parts.push(el("details", { class: "powers" }, el("summary", {}, "Call a penalty, use a card"),
      el("div", { class: "actions" }, powers.map((a) => actionControl(state, a, send, { labels: LABELS, valueText: ruleText(state) })))));
  }
  const rules = g.rules || [];
  if (rules.length) {
    parts.push(el("section", { class: "panel rules-panel" }, el("h3", {}, "Rules in force"),
      el("ol", { class: "rules" }, rules.map((r) => el("li", {}, el("span", { class: "rule-text" }, r.text), el("span", { class: "by" }, ` — ${nameOf(state, r.by)}`))))));
  }
  return el("div", { class: "drinking-phone" }, parts);
}

// "breach" names rules by their index: show their text instead; "by" names
// a role.
function ruleText(state) {
  return (name, value) => {
    if (name === "rule" && typeof value === "number") {
      const rule = (state.game.rules || [])[value];
      return rule ? rule.text : null;
    }
    if (name === "by" && ROLE_TITLES[value]) return ROLE_TITLES[value];
    if (name === "entry" && typeof value === "number") {
      const entry = (state.game.log || []).find((e) => e.id === value);
      return entry ? `#${value}: ${plain(state, entry.text)}` : `#${value}`;
    }
    return null;
  };
}

function plain(state, parts) {
  return (parts || []).map((p) => (typeof p === "string" ? p : p.player ? nameOf(state, p.player) : p.card || "")).join("");
}

function hostActions(state, command) {
  const g = state.game;
  return el("div", { class: "host-actions" },
    el("div", { class: "panel-title" }, "Fix a call"),
    g.host_actions.map((spec) => actionControl(state, spec, (action) => {
      if (action.type === "undo" && !window.confirm("Undo this call? Its drinks are taken back.")) return null;
      return command({ command: "game", action });
    }, {
      labels: { undo: "Undo a wrong call", skip: "Skip the card in play", missed: "Who messed up?" },
      valueText: ruleText(state),
    })));
}

function lobbyOptions(mode, node, ctx) {
  const box = el("div", { class: "variant-pick" });
  const fill = () => ctx.call("variant.list", {}).then((answer) => {
    const mine = answer && answer.ok ? (answer.variants || []).filter((v) => v.mode === mode) : [];
    if (node.dataset.variant && !mine.some((v) => v.name === node.dataset.variant)) delete node.dataset.variant;
    const select = el("select", { class: "variant-select", "aria-label": "Deck" },
      el("option", { value: "" }, "Standard deck"),
      mine.map((v) => el("option", { value: v.name, selected: node.dataset.variant === v.name }, v.name)));
    select.addEventListener("change", () => { node.dataset.variant = select.value; });
    const edit = el("button", { class: "btn btn-edit-rules", type: "button", onclick: () => openEditor(ctx, {
      mode, variant: node.dataset.variant || "",
      onSaved: (variant) => { if (variant.mode === mode) { node.dataset.variant = variant.name; fill(); } },
    }) }, "Edit house rules");
    box.replaceChildren(...(mine.length ? [el("label", { class: "field" }, el("span", {}, "Deck"), select)] : []), edit);
  });
  fill();
  return box;
}

function collectOptions(mode, node) {
  return node.dataset.variant ? { variant: node.dataset.variant } : {};
}

const screens = { table, phone, status, ticker, hostActions, lobbyOptions, collectOptions };
registerMode(["ring_of_fire", "kings"], screens);
export default screens;
export { richText, valueLabel };
