"""axe-core (vendored under tests/browser/vendor/axe-core, tests only) run in
a page: ``assert_accessible(page, what)`` fails listing every serious or
critical violation of the WCAG rules axe checks (names and roles of
controls, contrast, labels, landmarks, ARIA)."""

from __future__ import annotations

from pathlib import Path

from tests.browser.layout import quiet, settle

AXE = (Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
BLOCKING = ("serious", "critical")

RUN = """
async (options) => {
  const result = await window.axe.run(document, options);
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: (n.failureSummary || "").slice(0, 300) })),
  }));
}
"""


def violations(page) -> list[dict]:
    """Every violation axe finds in the page as it is now (the script is put
    in through the browser's debugging protocol, which the pages' CSP does
    not govern)."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.evaluate(AXE)
    settle(page)  # animations ended, then panels measured after the last frame
    quiet(page)
    return page.evaluate(RUN, {"resultTypes": ["violations"]})


def assert_accessible(page, what: str) -> int:
    """No serious or critical violation; returns how many lesser ones there were."""
    found = violations(page)
    bad = [v for v in found if v["impact"] in BLOCKING]
    lines = [f"{v['impact']} {v['id']}: {v['help']} — " + "; ".join(f"{n['target']} ({n['summary']})" for n in v["nodes"][:5])
             for v in bad]
    assert not bad, f"{what}: {len(bad)} serious or critical accessibility problems\n" + "\n".join(lines)
    return len(found)
