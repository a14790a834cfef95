"""What a player sees, measured: sideways scrolling, controls out of sight, text boxes on top of each other, axe.

The checks read the page at its top (a player who has not scrolled), so a test scrolls there first.
"""

from __future__ import annotations

from typing import Any

import pytest

SIZES = [(1280, 800), (1366, 768), (390, 844), (360, 740)]
"""Two laptops and two phones (the smaller one short): every table is checked at each."""

CONTROLS = (
    ".controls .moves button, .controls input, .felt .banner button, .felt .zone .title button, .result h3, .result p"
)
"""What a player acts on (move buttons, the move box, Hint, a selection's Play, Ask for …) and the result."""

TEXT_BOXES = (
    ".status > *, .felt .title, .felt .banner, .felt .setting, .felt .pile, .felt .slot .place, .felt .card,"
    " .felt .hand-card, .controls button, .controls input, .controls .hint-box, .controls > p"
)
"""The labels, banners, cards and buttons that must never lie on top of one another."""

_OUT_OF_SIGHT = """selector => [...document.querySelectorAll(selector)]
  .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .map(el => [el, el.getBoundingClientRect()])
  .filter(([, r]) => r.top < 0 || r.left < 0 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1)
  .map(([el, r]) => `${el.tagName.toLowerCase()}.${el.className}`
    + ` "${(el.textContent || el.value || '').trim().slice(0, 30)}"`
    + ` at ${[r.left, r.top, r.right, r.bottom].map(Math.round).join(",")}`)"""

_OVERLAPS = """selector => {
  const boxes = [...document.querySelectorAll(selector)]
    .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
    .map(el => [el, el.getBoundingClientRect()]);
  const name = el => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent || '').trim().slice(0, 24)}"`;
  const found = [];
  boxes.forEach(([a, ra], i) => boxes.slice(i + 1).forEach(([b, rb]) => {
    if (a.contains(b) || b.contains(a)) return;
    const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (w > 2 && h > 2) found.push(`${name(a)} and ${name(b)} overlap by ${Math.round(w)}x${Math.round(h)}`);
  }));
  return found;
}"""


_SETTLED = """() => Promise.all(document.getAnimations()
  .filter(a => a.playState !== 'finished' && a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map(a => a.finished.catch(() => null)))"""


def settled(page: Any) -> Any:
    """The page once its cards have stopped moving: a card in flight (a travel, a lift, a selection's rise) is
    measured where it lands, not where it passes. Endless animations (the computer's thinking dots) move no box."""
    page.evaluate(_SETTLED)
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return page


def at_top(page: Any) -> Any:
    """The page scrolled back to its top, where a player who has not scrolled looks (a click may have scrolled it)."""
    page.evaluate("() => window.scrollTo(0, 0)")
    return settled(page)


def sideways(page: Any) -> int:
    """How many pixels the page scrolls sideways (0 when it fits its width)."""
    width: int = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    return max(0, width)


def out_of_sight(page: Any, selector: str = CONTROLS) -> list[str]:
    """The shown elements matching ``selector`` that lie partly outside the viewport of an unscrolled page."""
    found: list[str] = at_top(page).evaluate(_OUT_OF_SIGHT, selector)
    return found


def overlapping(page: Any, selector: str = TEXT_BOXES) -> list[str]:
    """Pairs of shown elements matching ``selector`` (neither inside the other) whose boxes overlap, once settled."""
    found: list[str] = settled(page).evaluate(_OVERLAPS, selector)
    return found


def fits(page: Any, where: str) -> None:
    """At every size: no sideways scrolling, the controls and the result in sight, no text box over another."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        at = f"{where} at {width}x{height}"
        assert sideways(at_top(page)) == 0, f"{at}: the page scrolls sideways"
        hidden = out_of_sight(page)
        assert not hidden, f"{at}: out of sight without scrolling: {hidden}"
        overlaps = overlapping(page)
        assert not overlaps, f"{at}: text boxes overlap: {overlaps}"


def serious_violations(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds on the page, one line each (skips when axe cannot run)."""
    try:
        from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
    except ImportError as error:  # the test extra brings it; a bare environment may lack it
        pytest.skip(f"axe-playwright-python cannot be imported ({error}): pip install axe-playwright-python")
    response = Axe().run(page).response
    return [
        f"{v['id']} ({v['impact']}, {len(v['nodes'])}x): {v['help']}: {v['nodes'][0]['target']}"
        for v in response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
