// The end of the night on the table (state.room.recap, once the host ends
// it): the games played and who won them, the rules made, and everybody's
// night counted in the form each chose; and the same as a picture to save,
// drawn by the server (/recap/CODE.svg).
import { cx, html } from "./view.js";
import { listOf, N_, t } from "./i18n.js";
import { nameOf, storage } from "./common.js";
import { bigForfeit } from "./forfeits.js";
import { PagedList } from "./ui/pages.js";
import { Who } from "./ui/who.js";

const FORMS = [
  ["drinks", N_("Drinks")],
  ["soft", N_("Soft drinks")],
  ["water", N_("Water")],
  ["points", N_("Points")],
  ["dare", N_("Dares")],
  ["big", N_("Big forfeits")],
];

const STANDING_WORDS = {
  points: N_("{name}: {count} point|{name}: {count} points"),
  books: N_("{name}: {count} book|{name}: {count} books"),
  cards: N_("{name}: {count} card|{name}: {count} cards"),
};

// A stopped game's standings, best first: "Ana +30, Bo ±0" / "Ana: 2 cards, Bo: 5 cards".
function standingWords(state, standings) {
  if (!standings || !standings.order || !standings.order.length) return null;
  const words = standings.order.slice(0, 4).map((e) => {
    const who = html`<${Who} state=${state} pid=${e.player} />`;
    if (standings.kind === "chips") return html`${who} ${e.value > 0 ? "+" : e.value < 0 ? "−" : "±"}${String(Math.abs(e.value))}`;
    return t(STANDING_WORDS[standings.kind] || "{name}: {count}", { name: who, count: e.value });
  });
  if (standings.order.length > 4) words.push("…");
  return words.flatMap((w, i) => (i ? [", ", w] : [w]));
}

function gameLine(state, game) {
  const r = game.result || {};
  const title = t(game.title);
  if (r.stopped) {
    const standings = standingWords(state, r.standings);
    return standings ? t("{title}: stopped by the host. As it stood: {standings}.", { title, standings })
      : t("{title}: stopped by the host.", { title });
  }
  const losers = r.losers || [];
  if (losers.length && (r.winners || []).length > losers.length) { // the one left holding the queen, not seven winners
    const names = listOf(losers.map((p) => html`<${Who} state=${state} pid=${p} />`));
    return game.mode === "old_maid" ? t("{title}: {name} was left holding the Old Maid.", { title, name: names })
      : t("{title}: {names} lost.", { title, names });
  }
  if (r.winners && r.winners.length) {
    return t("{title}: won by {names}.", { title, names: listOf(r.winners.map((p) => html`<${Who} state=${state} pid=${p} />`)) });
  }
  if (r.reason === "last_king" && r.by) return t("{title}: {name} drew the last king.", { title, name: html`<${Who} state=${state} pid=${r.by} />` });
  return game.over ? t("{title}: played to the end.", { title }) : t("{title}: stopped before the end.", { title });
}

// The picture is the table's or a seat's to fetch: its token goes in a
// header (never in the address, which proxies write in their logs), and the
// picture is saved from the answer.
export async function fetchRecap(code) {
  const token = storage.get(`partyapp.table.${code}`) || storage.get(`partyapp.seat.${code}`) || "";
  const answer = await fetch(`/recap/${code}.svg`, { headers: { "X-Party-Token": token } });
  if (!answer.ok) throw new Error(`recap: ${answer.status}`);
  return answer.blob();
}

// The picture as a file to share: a PNG drawn from the SVG (chat apps take
// it), or the SVG itself where the drawing fails.
function asDataUrl(blob) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

async function toPng(svg) {
  const img = new Image();
  img.src = await asDataUrl(svg); // a data: address: the pages' CSP allows no blob: image
  await img.decode();
  const scale = 2;
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, img.naturalWidth) * scale;
  canvas.height = Math.max(1, img.naturalHeight) * scale;
  canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
  const png = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!png) throw new Error("recap: no PNG");
  return png;
}

export async function recapFile(code) {
  const svg = await fetchRecap(code);
  const name = `partyapp-night-${code}`;
  try {
    return new File([await toPng(svg)], `${name}.png`, { type: "image/png" });
  } catch {
    return new File([svg], `${name}.svg`, { type: "image/svg+xml" });
  }
}

function download(blob, filename) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

// From a phone: the share sheet with the picture where the phone can share
// files (Web Share API), else the picture is downloaded. Returns "shared",
// "saved" or "cancelled".
export async function shareRecap(code) {
  const file = await recapFile(code);
  if (navigator.canShare && navigator.share && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: t("The night at a glance") });
      return "shared";
    } catch (err) {
      if (err && err.name === "AbortError") return "cancelled";
    }
  }
  download(file, file.name);
  return "saved";
}

async function saveRecap(event, code) {
  event.preventDefault();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await fetchRecap(code));
  link.download = `partyapp-night-${code}.svg`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

// Every game of the night, numbered, one line each (the TV pages them; a
// phone lists them all).
function gameItems(state, recap) {
  return recap.games.map((g, i) => html`<li key=${i} value=${i + 1}>${gameLine(state, g)}</li>`);
}

export function NightGames({ state }) {
  const recap = state.room.recap;
  if (!recap) return null;
  return html`<section class="panel night-games">
    <h3 class="panel-title">${t("Games played ({count})", { count: recap.games.length })}</h3>
    ${recap.games.length ? html`<ol class="recap-list">${gameItems(state, recap)}</ol>` : html`<p class="empty">${t("No games were played.")}</p>`}
  </section>`;
}

// save: the button that saves the picture (the table's; a watcher has no token for it).
export function Recap({ state, code, save = true }) {
  const recap = state.room.recap;
  // a big forfeit (a neck of whoever is not drinking) is said in words under the table
  const columns = FORMS.filter(([form]) => form === "points" || (!(recap.family && ["drinks", "soft", "water"].includes(form))
    && recap.players.some((p) => p.tally[form])));
  const big = columns.some(([form]) => form === "big");
  const rules = recap.games.flatMap((g) => g.rules || []);
  const games = gameItems(state, recap);
  const ruleItems = rules.map((r, i) => html`<li key=${i}><span class="rule-text">${r.text}</span>
    <span class="by"> — ${nameOf(state, r.by)}</span></li>`);
  return html`<section id="recap" class=${cx("recap", recap.players.length > 10 && "crowded")}>
    <div class="recap-head">
      <h1 class="recap-title">${t("The night at a glance")}</h1>
      ${save ? html`<button id="recap-save" class="btn btn-primary" type="button" onClick=${(e) => saveRecap(e, code)}>
        ${t("Save as a picture")}</button>` : null}
    </div>
    <div class="recap-body">
      <div class="recap-col">
        <${PagedList} title=${t("Games played ({count})", { count: recap.games.length })} items=${games} tag="ol"
          className="recap-games" listClass="recap-list" empty=${t("No games were played.")} />
        <${PagedList} title=${t("Rules made ({count})", { count: rules.length })} items=${ruleItems}
          className="recap-rules" listClass="rules" empty=${t("No rules were made.")} />
      </div>
      <section class="panel recap-people">
        <h3 class="panel-title">${t("Everybody's night")}</h3>
        <table class="result-table recap-table">
          <thead><tr><th scope="col">${t("Player")}</th>${columns.map(([form, label]) => html`<th key=${form} scope="col">${t(label)}</th>`)}</tr></thead>
          <tbody>${recap.players.map((p) => html`<tr key=${p.id} data-pid=${p.id}><th scope="row">${p.name}${p.bot
            ? html` <span class="mark bot">${t("bot")}</span>` : null}</th>
            ${columns.map(([form]) => html`<td key=${form}>${String(p.tally[form] || 0)}</td>`)}</tr>`)}</tbody>
        </table>
        ${big ? html`<p class="sub big-forfeit-line">${t("A big forfeit: {what}", { what: bigForfeit(state) })}</p>` : null}
        <p class="sub">${recap.family ? t("Thanks for playing!")
          : t("Everybody took part their own way: drinks, soft drinks, water, points or dares.")}</p>
      </section>
    </div>
  </section>`;
}
