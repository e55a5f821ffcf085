"""What a guest has half typed survives a reload, in WebKit and in
Firefox (partyapp/static/js/keep.js): Ana draws the Kings 9 (make a rule),
types half of her rule, and her page reloads; the text is back in the box."""

from __future__ import annotations

import pytest


pytestmark = pytest.mark.engines

RULE_BOX = "form[data-action=rule] input"


def test_a_half_typed_rule_survives_a_reload(pages):
    table, code, ana, bob = pages.ana_and_bob()
    pages.start(table, "kings", {"deck": ["9S", "2H", "9D", "2D"]})

    ana.tap("button[data-action=draw]")
    ana.type(RULE_BOX, "Drink with your le")
    ana.reload()
    value = "(s) => document.querySelector(s)?.value"
    ana.wait_for(f"(s) => ({value})(s) === 'Drink with your le'", RULE_BOX, what="the half-typed rule back")
    pages.shot(ana, "rule-back-after-reload")
    ana.type(RULE_BOX, "ft hand")
    ana.tap("form[data-action=rule] button[type=submit]")
    table.wait_for("() => /Drink with your left hand/.test(document.querySelector('.rules')?.textContent || '')",
                   what="the rule on the table")
