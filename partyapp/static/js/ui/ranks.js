// Ranks in words and a rank chooser: the hand games call a rank (Cheat's
// claim, Go Fish's ask).
//   rankCount("7", 3)  -> "three 7s"      rankCount("K", 1) -> "one King"
//   ranksWord("Q")     -> "Queens"          ranksOr(["6", "7", "8"]) -> "6s, 7s or 8s"
// Each rank has its own message ids (counted, and plural as a word), so a
// language names the number ranks in words (Russian "три семёрки").
//   <RankChooser ranks=${["6", "7", "8"]} value=${rank} onChange=${setRank} counts=${{7: 2}} />
import { cx, html } from "../view.js";
import { N_, t } from "../i18n.js";

const COUNTED = {
  A: N_("Ace|Aces"), J: N_("Jack|Jacks"), Q: N_("Queen|Queens"), K: N_("King|Kings"),
  2: N_("2|2s"), 3: N_("3|3s"), 4: N_("4|4s"), 5: N_("5|5s"), 6: N_("6|6s"), 7: N_("7|7s"), 8: N_("8|8s"), 9: N_("9|9s"), 10: N_("10|10s"),
};
const PLURAL = {
  A: N_("Aces"), J: N_("Jacks"), Q: N_("Queens"), K: N_("Kings"),
  2: N_("2s"), 3: N_("3s"), 4: N_("4s"), 5: N_("5s"), 6: N_("6s"), 7: N_("7s"), 8: N_("8s"), 9: N_("9s"), 10: N_("10s"),
};
const NUMBERS = [N_("none"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight")];

// A rank's name after a count ("7", "7s", "Queen", "Queens").
export function rankName(rank, count = 1) {
  return COUNTED[rank] ? t(COUNTED[rank], { count }) : String(rank);
}

// A rank's name in the plural, on its own ("7s", "Queens").
export function ranksWord(rank) {
  return PLURAL[rank] ? t(PLURAL[rank]) : String(rank);
}

// "6s, 7s or 8s": the ranks a player may choose from, in words.
export function ranksOr(ranks) {
  const words = ranks.map(ranksWord);
  if (words.length <= 1) return words.join("");
  return t("{list} or {last}", { list: words.slice(0, -1).join(t(", ")), last: words[words.length - 1] });
}

// "three 7s": a count in words (up to eight) and the rank.
export function rankCount(rank, count) {
  const n = Number.isInteger(count) && count >= 0 && count < NUMBERS.length ? t(NUMBERS[count]) : String(count);
  return t("{n} {rank}", { n, rank: rankName(rank, count) });
}

// Big buttons, one per rank, as a radio group. counts: rank -> how many you hold.
export function RankChooser({ ranks, value, onChange, counts, label, className = "" }) {
  return html`<div class=${cx("rank-chooser", className)} role="radiogroup" aria-label=${label || t("Rank")}>
    ${ranks.map((r) => {
      const on = value === r;
      const held = counts && counts[r];
      return html`<button type="button" key=${r} class=${cx("btn btn-choice rank-choice", on && "chosen")} role="radio"
        aria-checked=${on ? "true" : "false"} data-rank=${r} title=${ranksWord(r)} onClick=${() => onChange(r)}>
        <span class="rank-big">${r}</span>${held ? html`<span class="rank-held">×${String(held)}</span>` : null}</button>`;
    })}
  </div>`;
}
