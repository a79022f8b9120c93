"""A study's report page in Chromium: nothing sideways on a phone or a desktop window, the
effects tables fit a 1280 px window, and every plot is drawn.

The study is made by hand (no games played): GOLDFIX's five key figures, four player counts
and two varied options with long names, the widest page a real study makes.  Screenshots go
to out/screenshots: the top of the page and its effects section at each width
(study-report-390.png, study-report-effects-1280.png...)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from motherlode.sim.figures import key_figures
from motherlode.sim.grid import plan_study
from motherlode.sim.play import GameRow
from motherlode.sim.report import write_report
from motherlode.sim.study import Study
from tests.web.browser import SCREENSHOTS

pytestmark = pytest.mark.browser


def wide_study() -> Study:
    """GOLDFIX, 3-6 players x auction levels x the drill report option, 40 games a cell,
    the first player favoured; the games' results are drawn at random."""
    plan = plan_study(
        "goldfix",
        vary={"auction_level": ["A", "B", "EZ1", "EZ2"], "drill_report_option": ["false", "true"]},
        players=[3, 4, 5, 6],
        seatings=[("random",)],
        games=40,
        seed=1,
    )
    figures = len(key_figures("goldfix"))
    rng = random.Random(1)
    ends = ["a winner reached the target cash", "every other player bankrupt"]
    rows = []
    for cell in plan.cells:
        k = cell.players
        for i in range(plan.games):
            w = rng.choices(range(k), weights=[2.0 - 0.2 * s for s in range(k)])[0]
            rows.append(
                GameRow(
                    cell.index,
                    i,
                    1000 + i,
                    (0,) * k,
                    tuple(float(rng.randint(100, 1500)) for _ in range(k)),
                    ((w,), tuple(s for s in range(k) if s != w)),
                    rng.randint(900, 1600),
                    rng.randint(250, 360),
                    80.0,
                    rng.choice(ends),
                    tuple(float(rng.randint(0, 20)) for _ in range(figures)),
                )
            )
    return Study(plan, rows, {"motherlode": "0.1.0"})


def test_the_report_fits_a_phone_and_a_desktop(browser: Any, tmp_path: Path) -> None:
    """On the session's one Chromium (tests/web/conftest.py): a second Playwright in the
    same process would refuse to start inside the first one's event loop."""
    page_path = write_report(wide_study(), tmp_path, command="motherlode study goldfix ...")
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    try:
        page.goto(page_path.as_uri())
        drawn = page.evaluate("[...document.images].map(i => i.complete && i.naturalWidth > 200)")
        assert len(drawn) >= 5 and all(drawn)
        for width in (1400, 1280, 390):
            page.set_viewport_size({"width": width, "height": 900})
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            images = page.evaluate(
                "[...document.images].every(i => i.getBoundingClientRect().right <= "
                "document.documentElement.clientWidth)"
            )
            assert images, f"a plot is wider than the window at {width} px"
            if width >= 1280:  # the effects tables fit without scrolling sideways
                overflowing = page.evaluate(
                    "[...document.querySelectorAll('h2, h3')]"
                    ".filter(h => /Effect of each factor|Key figures by value|"
                    "How games ended, by value|Main effects/.test(h.textContent))"
                    ".map(h => { let n = h.nextElementSibling;"
                    " while (n && !n.classList.contains('wide')) n = n.nextElementSibling;"
                    " return n && n.scrollWidth > n.clientWidth ? h.textContent : null; })"
                    ".filter(Boolean)"
                )
                assert overflowing == [], f"at {width} px: {overflowing}"
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(SCREENSHOTS / f"study-report-{width}.png"))
            effects = page.locator("h2", has_text="Effect of each factor")
            effects.scroll_into_view_if_needed()
            page.evaluate("window.scrollBy(0, -20)")
            page.screenshot(path=str(SCREENSHOTS / f"study-report-effects-{width}.png"))
    finally:
        page.close()
