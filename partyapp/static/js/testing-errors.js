// Testing mode only (`partyapp serve --testing`: templates/base.html loads
// it first, before the page's own scripts). Keeps every uncaught error,
// unhandled rejection and console.error of the page (and console.warn,
// apart) in this tab's sessionStorage, where a test reads them, across
// reloads and the tab's own navigations too. Browsers driven over classic
// WebDriver (WebKit) give a test no console of their own.
(() => {
  const ERRORS = "partyapp.testing.errors";
  const WARNINGS = "partyapp.testing.warnings";
  const keep = (key, text) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(key) || "[]");
      list.push(String(text).slice(0, 2000));
      sessionStorage.setItem(key, JSON.stringify(list));
    } catch {
      // no storage to keep it in: nothing more can be done
    }
  };
  const describe = (value) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value));
  window.addEventListener("error", (ev) => {
    if (ev instanceof ErrorEvent) keep(ERRORS, `${describe(ev.error || ev.message)} (${ev.filename}:${ev.lineno})`);
    else if (ev.target && ev.target !== window) keep(ERRORS, `failed to load ${ev.target.src || ev.target.href}`);
  }, true);
  window.addEventListener("unhandledrejection", (ev) => keep(ERRORS, `unhandled rejection: ${describe(ev.reason)}`));
  for (const [level, key] of [["error", ERRORS], ["warn", WARNINGS]]) {
    const original = console[level];
    console[level] = function (...args) {
      keep(key, args.map(describe).join(" "));
      return original.apply(this, args);
    };
  }
})();
