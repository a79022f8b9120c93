"""GOLDFIX deals on the web table, in Chromium: the deal panel shows both sides' items, their
worth at the GOLDFIX, each player's net worth change and the round to every viewer; the
drafting player builds a bundle through it (items in and out, cash typed and reached by legal
steps, one a frame), the other counters with more cash, the first accepts, and the books on
the page and through the API change hands.  A spectator sees the terms and no controls.
Screenshots of the panel at 390 and 1400 px, checked for controls that overlap or spill."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import SCREENSHOTS, wait_drawn

pytestmark = pytest.mark.browser

QUICKSTART = {"quickstart": True}
"""Each player starts with one MINE LEASE and its HEADGEAR: something to trade at once."""

PANEL = "#gf-deal"

# Every control and label of the panel lies inside it, and no two of them overlap.
LAYOUT_PROBLEMS = """
(sel) => {
  const root = document.querySelector(sel);
  const box = root.getBoundingClientRect();
  const parts = [...root.querySelectorAll("button, input, select, .gf-deal-items li > span, " +
    ".gf-deal-who, .gf-deal-value, .gf-deal-gain, .gf-deal-od, .gf-deal-label, " +
    ".gf-deal-status, .gf-deal-title, .gf-deal-badge, .gf-deal-note, .gf-title")];
  const problems = [];
  const name = (e) => e.outerHTML.slice(0, 90);
  if (root.scrollWidth > root.clientWidth + 1) problems.push("the panel scrolls sideways");
  const rects = parts.map((e) => [e, e.getBoundingClientRect()]);
  for (const [e, r] of rects) {
    if (!r.width || !r.height) problems.push(`not shown: ${name(e)}`);
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5) problems.push(`outside: ${name(e)}`);
    const block = getComputedStyle(e).display !== "inline";
    if (block && e.tagName !== "SELECT" && e.tagName !== "INPUT" &&
        e.scrollWidth > e.clientWidth + 1) problems.push(`cut off: ${name(e)}`);
  }
  for (let i = 0; i < rects.length; i++) {
    for (let j = i + 1; j < rects.length; j++) {
      const [a, ra] = rects[i];
      const [b, rb] = rects[j];
      if (a.contains(b) || b.contains(a)) continue;
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) problems.push(`overlap: ${name(a)} / ${name(b)}`);
    }
  }
  return problems;
}
"""


class Table:
    """A GOLDFIX table of two people (Alf, Bryan) and a heuristic bot, through the API."""

    def __init__(self, page: Any, server: str, seed: int = 3) -> None:
        self.page, self.server = page, server
        body = {
            "game": "goldfix",
            "seats": [
                {"agent": "human", "name": "Alf"},
                {"agent": "human", "name": "Bryan"},
                {"agent": "heuristic", "name": "Carl"},
            ],
            "options": QUICKSTART,
            "settings": {"bot_delay_ms": 0},
            "seed": seed,
        }
        created = page.request.post(f"{server}/api/tables", data=body)
        assert created.status == 201, created.text()
        data = created.json()
        self.id: str = data["id"]
        self.tokens: list[str] = [s.get("token") or "" for s in data["seats"]]
        self.links: list[str] = [s.get("link") or "" for s in data["seats"]]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        headers = {"X-Seat-Token": self.tokens[seat]} if seat is not None else {}
        response = self.page.request.get(f"{self.server}/api/tables/{self.id}", headers=headers)
        assert response.ok
        view: dict[str, Any] = response.json()
        return view

    def act(self, seat: int, action: dict[str, Any]) -> None:
        response = self.page.request.post(
            f"{self.server}/api/tables/{self.id}/actions",
            data={"seat": seat, "action": action},
            headers={"X-Seat-Token": self.tokens[seat]},
        )
        assert response.ok, response.text()

    def lease_of(self, seat: int) -> str:
        mines = self.view()["observation"]["mines"]
        owners: list[int] = mines["lease"]
        name: str = mines["names"][owners.index(seat)]
        return name

    def deal(self) -> dict[str, Any]:
        decision = self.view()["observation"]["decision"]
        assert decision and decision.get("deal"), decision
        deal: dict[str, Any] = decision["deal"]
        return deal


def side(seat: int) -> str:
    return f"{PANEL} .gf-deal-side[data-seat='{seat}']"


def settled(page: Any, table: Table) -> dict[str, Any]:
    """Wait until the page shows the table's latest frame with no typed amount under way;
    returns that (spectator's) view."""
    for _ in range(60):
        view = table.view()
        wait_drawn(page, ".gf-root", view["move_count"])
        idle = page.locator(f"{PANEL}[data-plan='running']").count() == 0
        if idle and table.view()["move_count"] == view["move_count"]:
            return view
        page.wait_for_timeout(100)
    raise AssertionError("the page never settled")


def click(page: Any, table: Table, selector: str) -> None:
    """Click a control of the panel and wait for the frame its move makes."""
    before = table.view()["move_count"]
    page.locator(selector).click()
    page.wait_for_function(
        f"Number(document.querySelector('.gf-root').dataset.move) > {before}", timeout=5000
    )


def type_amount(page: Any, table: Table, seat: int, item: str, amount: int) -> None:
    """Type an amount into a side's box and wait until the legal steps have reached it."""
    page.locator(f"{side(seat)} [data-deal-amount='{item}']").fill(str(amount))
    page.locator(f"{side(seat)} [data-deal-set='{item}']").click()
    page.wait_for_function(
        f"(() => {{ const p = document.querySelector({PANEL!r}); const box = p && "
        f"p.querySelector(\".gf-deal-side[data-seat='{seat}'] [data-deal-amount='{item}']\");"
        f" return p && p.dataset.plan === 'idle' && box && Number(box.value) === {amount}; }})()",
        timeout=20_000,
    )
    settled(page, table)


def check_terms(page: Any, deal: dict[str, Any], names: list[str]) -> None:
    """The panel shows the deal of the view: each side's items, worth, gain, overdrafts."""
    for part in (deal["gives"], deal["gets"]):
        column = page.locator(side(part["seat"]))
        assert int(column.get_attribute("data-value")) == part["value"]
        assert int(column.get_attribute("data-gain")) == part["gain"]
        assert int(column.get_attribute("data-overdrafts")) == part["overdrafts"]
        words = column.inner_text()
        assert f"{names[part['seat']]} gives" in words
        for mine in part["mine_leases"]:
            assert f"{mine} lease" in words
        for mine in part["drill_reports"]:
            assert f"{mine} drill report" in words
        if part["cash"]:
            assert f"${part['cash']:,}M cash" in words
        assert f"Worth {money(part['value'])}" in words
        assert f"{names[part['seat']]}'s net worth {signed(part['gain'])}" in words
    status = page.inner_text(f"{PANEL} .gf-deal-status")
    round_ = deal["proposals"] if deal["proposed"] else deal["proposals"] + 1
    assert f"proposal {round_} of at most {deal['rounds']}" in status
    state = page.get_attribute(PANEL, "data-state")
    assert state == ("proposal" if deal["proposed"] else "draft")


def money(n: int) -> str:
    return f"−${-n:,}M" if n < 0 else f"${n:,}M"


def signed(n: int) -> str:
    return f"+{money(n)}" if n > 0 else money(n)


def check_layout(page: Any) -> None:
    problems = page.evaluate(LAYOUT_PROBLEMS, PANEL)
    assert problems == [], problems


def shoot(page: Any, name: str) -> None:
    page.locator(PANEL).scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / name))


def test_a_bundle_drafted_countered_and_accepted_on_the_page(browser: Any, server: str) -> None:
    alf = browser.new_page(viewport={"width": 1400, "height": 900})
    table = Table(alf, server)
    bryan = browser.new_page(viewport={"width": 390, "height": 844})
    names = ["Alf", "Bryan", "Carl"]
    mine_a, mine_b = table.lease_of(0), table.lease_of(1)
    start = table.view()["observation"]["players"]
    alf.goto(server + table.links[0])
    bryan.goto(server + table.links[1])
    # Alf opens a negotiation with Bryan: the panel shows an empty draft
    alf.locator("#gf-controls button[data-gf='negotiate'][data-action-text='negotiate 1']").click()
    alf.wait_for_selector(f"{PANEL}[data-state='draft']")
    bryan.wait_for_selector(f"{PANEL}[data-state='draft']")
    assert alf.locator("#gf-offer").count() == 1  # the quick offer, on an empty first draft
    check_layout(alf)
    assert bryan.locator(f"{PANEL} button, {PANEL} input").count() == 0  # not his to draft
    # his lease with its headgear and $25M for Bryan's lease
    click(alf, table, f"{side(0)} [data-deal-add='ML-{mine_a}']")
    assert alf.locator("#gf-offer").count() == 0  # no quick offer once the draft has items
    click(alf, table, f"{side(1)} [data-deal-add='ML-{mine_b}']")
    type_amount(alf, table, 0, "cash", 25)
    deal = table.deal()
    assert deal["gives"]["mine_leases"] == [mine_a] and deal["gives"]["cash"] == 25
    assert deal["gets"]["mine_leases"] == [mine_b]
    assert deal["edits_left"] == 40 - 2 - 7  # $25M is 10 + 10 + 1 + 1 + 1 + 1 + 1
    check_terms(alf, deal, names)
    assert f"{mine_a} lease + headgear" in alf.inner_text(side(0))
    check_layout(alf)
    shoot(alf, "goldfix-deal-1400.png")
    # a typed amount can be taken off again, and an item too
    type_amount(alf, table, 0, "cash", 0)
    assert table.deal()["gives"]["cash"] == 0
    type_amount(alf, table, 0, "cash", 25)
    click(alf, table, f"{side(1)} [data-deal-remove='ML-{mine_b}']")
    assert table.deal()["gets"]["mine_leases"] == []
    click(alf, table, f"{side(1)} [data-deal-add='ML-{mine_b}']")
    click(alf, table, f"{PANEL} [data-deal='propose']")
    # Bryan sees the same terms and values, and is asked to answer
    deal = table.deal()
    assert deal["proposed"] and deal["proposals"] == 1
    bryan.wait_for_selector(f"{PANEL}[data-state='proposal'] [data-deal='accept']")
    settled(bryan, table)
    check_terms(bryan, deal, names)
    accept = bryan.inner_text(f"{PANEL} [data-deal='accept']")
    assert f"your net worth {signed(deal['gets']['gain'])}" in accept
    assert bryan.locator(f"{PANEL} [data-deal='decline']").count() == 1
    check_layout(bryan)
    assert alf.locator(f"{PANEL} button, {PANEL} input").count() == 0  # Alf waits
    # he counters: Alf is to give $60M
    click(bryan, table, f"{PANEL} [data-deal='counter']")
    bryan.wait_for_selector(f"{PANEL}[data-state='draft'][data-drafter='1']")
    assert bryan.locator(f"{PANEL} [data-deal='propose']").count() == 0  # not changed yet
    type_amount(bryan, table, 0, "cash", 60)
    deal = table.deal()
    assert deal["drafter"] == 1 and deal["gets"]["cash"] == 60 and deal["countering"]
    check_terms(bryan, deal, names)
    check_layout(bryan)
    shoot(bryan, "goldfix-deal-390.png")
    click(bryan, table, f"{PANEL} [data-deal='propose']")
    # Alf sees the counter-offer, round 2, and accepts
    deal = table.deal()
    alf.wait_for_selector(f"{PANEL}[data-state='proposal'][data-drafter='1'] [data-deal='accept']")
    settled(alf, table)
    check_terms(alf, deal, names)
    assert "proposal 2 of at most 3" in alf.inner_text(f"{PANEL} .gf-deal-status")
    assert deal["partner"] == 0  # Alf answers the counter: his gain is the partner's
    assert f"your net worth {signed(deal['gets']['gain'])}" in alf.inner_text(
        f"{PANEL} [data-deal='accept']"
    )
    check_layout(alf)
    shoot(alf, "goldfix-deal-answer-1400.png")
    click(alf, table, f"{PANEL} [data-deal='accept']")
    # the leases and the cash changed hands, on both pages and through the API
    view = table.view()
    obs = view["observation"]
    assert obs["decision"]["kind"] == "pre-roll" and "deal" not in obs["decision"]
    mines = obs["mines"]
    assert mines["lease"][mines["names"].index(mine_a)] == 1
    assert mines["lease"][mines["names"].index(mine_b)] == 0
    assert obs["players"][0]["cash"] == start[0]["cash"] - 60
    assert obs["players"][1]["cash"] == start[1]["cash"] + 60
    for page in (alf, bryan):
        wait_drawn(page, ".gf-root", view["move_count"])
        assert page.locator(PANEL).count() == 0
        for seat in (0, 1):
            book = page.locator(f".gf-book[data-seat='{seat}']")
            assert int(book.get_attribute("data-cash")) == obs["players"][seat]["cash"]
        assert page.get_attribute(f".gf-mine[data-mine='{mine_a}']", "data-owner") == "1"
        assert page.get_attribute(f".gf-mine[data-mine='{mine_b}']", "data-owner") == "0"
    assert "Alf accepts" in alf.inner_text("#log")
    alf.close()
    bryan.close()


def test_a_spectator_sees_the_deal_and_no_controls(browser: Any, server: str) -> None:
    watcher = browser.new_page(viewport={"width": 390, "height": 844})
    table = Table(watcher, server, seed=8)
    names = ["Alf", "Bryan", "Carl"]
    mine_a = table.lease_of(0)
    bryan = browser.new_page(viewport={"width": 1400, "height": 900})
    watcher.goto(f"{server}/t/{table.id}")
    bryan.goto(server + table.links[1])
    watcher.wait_for_selector(".gf-root")
    assert watcher.locator(PANEL).count() == 0  # no deal, no panel
    # Alf drafts through the API: his lease for $130M of Bryan's
    table.act(0, {"type": "negotiate", "seat": 1})
    table.act(0, {"type": "give", "item": f"ML-{mine_a}", "amount": 1})
    for amount in (100, 10, 10, 10):
        table.act(0, {"type": "get", "item": "cash", "amount": amount})
    for page in (watcher, bryan):
        settled(page, table)
        check_terms(page, table.deal(), names)
        assert page.locator(f"{PANEL} button, {PANEL} input, {PANEL} select").count() == 0
    assert f"Bryan's net worth {signed(table.deal()['gets']['gain'])}" in watcher.inner_text(PANEL)
    assert "Draft by Alf" in watcher.inner_text(f"{PANEL} .gf-deal-status")
    check_layout(watcher)
    # proposed: Bryan is asked to answer, the spectator still only watches
    table.act(0, {"type": "propose"})
    for page in (watcher, bryan):
        settled(page, table)
        check_terms(page, table.deal(), names)
    assert watcher.locator(f"{PANEL} button, {PANEL} input, {PANEL} select").count() == 0
    assert watcher.locator("#actions button").count() == 0
    assert "Bryan to answer" in watcher.inner_text(f"{PANEL} .gf-deal-status")
    assert bryan.locator(f"{PANEL} [data-deal='accept']").count() == 1
    assert bryan.locator(f"{PANEL} [data-deal='counter']").count() == 1
    # Bryan declines on his page: the panel goes from every page
    click(bryan, table, f"{PANEL} [data-deal='decline']")
    settled(watcher, table)
    assert watcher.locator(PANEL).count() == 0
    assert (
        table.view()["observation"]["mines"]["lease"][
            table.view()["observation"]["mines"]["names"].index(mine_a)
        ]
        == 0
    )
    watcher.close()
    bryan.close()
