// The host's settings for the night (in the host's box on their phone and
// in the table's Host drawer): family mode, the pace, what who is not
// drinking takes instead (points or dares, and the list of dares), and the
// end of the night (the recap), then a new night.
import { cx, html, useEffect, useRef, useState } from "./view.js";
import { t } from "./i18n.js";
import { bigForfeit, dareWord } from "./forfeits.js";
import { ask } from "./ui/ask.js";

const PACES = [0, 1, 2, 3, 4, 5, 6, 8, 10, 12];

function DareEditor({ settings, ctx }) {
  // The built-in dares in this screen's language; saved, they are the host's own.
  const listed = (settings.dares || []).map(dareWord).join("\n");
  const [text, setText] = useState(listed);
  const [saved, setSaved] = useState(false);
  const box = useRef(null);
  // The saved list changed (saved here or by another screen): show it. Not
  // on the first effect, which can run after the host has started typing.
  const shown = useRef(listed);
  useEffect(() => {
    if (shown.current === listed) return;
    shown.current = listed;
    setText(listed);
  }, [listed]);
  const save = async () => {
    // What the box holds now: a tap right after typing can come before the
    // typing's re-render, when ``text`` would still be the old words.
    const dares = box.current.value.split("\n").map((d) => d.trim()).filter(Boolean);
    const answer = await ctx.command({ command: "settings", dares });
    setSaved(Boolean(answer && answer.ok));
  };
  return html`<div class="field dare-editor">
    <label class="field-label" for="dares">${t("Dares, one per line")}</label>
    <textarea id="dares" ref=${box} rows="6" maxlength="1200" value=${text}
      onInput=${(ev) => { setText(ev.currentTarget.value); setSaved(false); }}></textarea>
    <button type="button" id="btn-save-dares" class="btn" onClick=${save}>${saved ? t("Saved") : t("Save the dares")}</button>
  </div>`;
}

// What a big forfeit is: what whoever is not drinking (everybody in family
// mode) does instead of necking a drink; said on the TV and the phone each
// time one is taken.
function BigForfeitEditor({ state, ctx }) {
  const shownWords = bigForfeit(state);
  const [text, setText] = useState(shownWords);
  const [saved, setSaved] = useState(false);
  const box = useRef(null);
  const shown = useRef(shownWords);
  useEffect(() => {
    if (shown.current === shownWords) return;
    shown.current = shownWords;
    setText(shownWords);
  }, [shownWords]);
  const save = async () => {
    const words = box.current.value.trim();
    if (!words) return;
    const answer = await ctx.command({ command: "settings", big_forfeit: words });
    setSaved(Boolean(answer && answer.ok));
  };
  return html`<div class="field big-forfeit-editor">
    <label class="field-label" for="big-forfeit">${t("A big forfeit (instead of necking a drink)")}</label>
    <input id="big-forfeit" ref=${box} type="text" maxlength="80" value=${text}
      onInput=${(ev) => { setText(ev.currentTarget.value); setSaved(false); }} />
    <span class="sub">${t("What whoever is not drinking does when a card says to neck a drink; said on the TV and their phone.")}</span>
    <button type="button" id="btn-save-big-forfeit" class="btn" onClick=${save}>${saved ? t("Saved") : t("Save the big forfeit")}</button>
  </div>`;
}

export function NightSettings({ state, ctx }) {
  const settings = state.room.settings || {};
  const playing = Boolean(state.game && !state.game.over);
  const [open, setOpen] = useState(false);
  const set = (changes) => ctx.command({ command: "settings", ...changes });
  return html`<details id="night-settings" class="night-settings" open=${open} onToggle=${(ev) => setOpen(ev.currentTarget.open)}>
    <summary>${t("The night: family mode, pace, forfeits")}</summary>
    <div class="box-body">
    <div class="field">
      <button type="button" id="family-switch" class=${cx("btn btn-choice switch", settings.family && "chosen")}
        aria-pressed=${settings.family ? "true" : "false"} disabled=${playing} onClick=${() => set({ family: !settings.family })}>
        ${t("Family mode")}<span class="switch-state" aria-hidden="true">${settings.family ? t("On") : t("Off")}</span></button>
      <span class="sub">${playing ? t("Family mode changes between games.")
        : t("For all ages: forfeits are points, and the card decks play their family wording.")}</span>
    </div>
    <div class="field">
      <button type="button" id="words-switch" class=${cx("btn btn-choice switch", (settings.family || settings.clean_words) && "chosen")}
        aria-pressed=${settings.family || settings.clean_words ? "true" : "false"} disabled=${settings.family}
        onClick=${() => set({ clean_words: !settings.clean_words })}>
        ${t("Word filter")}<span class="switch-state" aria-hidden="true">${settings.family || settings.clean_words ? t("On") : t("Off")}</span></button>
      <span class="sub">${settings.family ? t("Always on in family mode: names, rules and dares with a swear word are refused.")
        : t("Names, rules and dares with a swear word (English or Russian) are refused before anybody sees them.")}</span>
    </div>
    ${settings.family ? null : html`
      <label class="field"><span class="field-label">${t("Pace")}</span>
        <select id="pace" value=${String(settings.pace || 0)} onChange=${(ev) => set({ pace: Number(ev.currentTarget.value) })}>
          ${PACES.map((n) => html`<option key=${n} value=${String(n)}>${n ? t("At most {count} drink per person an hour|At most {count} drinks per person an hour", { count: n })
            : t("No limit")}</option>`)}
        </select>
        <span class="sub">${t("Past it, a person's forfeits are water for the rest of the hour, and their phone suggests a glass.")}</span>
      </label>
      <div class="field" role="group" aria-labelledby="alternative-label">
        <span class="field-label" id="alternative-label">${t("Forfeits of who is not drinking")}</span>
        <div class="choices">${[["points", t("Points")], ["dares", t("Dares")]].map(([v, label]) => html`<button type="button" key=${v}
          class=${cx("btn btn-choice", settings.alternative === v && "chosen")} data-alternative=${v}
          aria-pressed=${settings.alternative === v ? "true" : "false"} onClick=${() => set({ alternative: v })}>${label}</button>`)}</div>
      </div>
      ${settings.alternative === "dares" ? html`<${DareEditor} settings=${settings} ctx=${ctx} />` : null}`}
    <${BigForfeitEditor} state=${state} ctx=${ctx} />
    </div>
  </details>`;
}

// End the night (the recap on the table), or after it start a new one.
export function NightEnd({ state, ctx }) {
  if (state.room.recap) {
    return html`<button type="button" id="btn-new-night" class="btn btn-big btn-primary"
      onClick=${() => ctx.command({ command: "new_night" })}>${t("Start a new night")}</button>`;
  }
  return html`<button type="button" id="btn-end-night" class="btn"
    onClick=${async () => { if (await ask(t("End the night for everybody and show the recap?"), { yes: t("End the night"), danger: false })) ctx.command({ command: "end_night" }); }}>
    ${t("End the night")}</button>`;
}
