"""Ratings, profiles and leaderboards (issue 32), on SQLite and PostgreSQL.

Tables of the fixture game (Sealed Nuggets, one round, no challenge) are played to the end
through the API; accounts are rows, and a seat is given to an account directly (the
accounts' own routes do that in play).  A signed-in viewer is whoever the test says."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from motherlode.agents import levels
from motherlode.engine import get_game
from motherlode.storage import Database
from motherlode.storage import ratings as store
from motherlode.storage.models import RatingChangeRow, RatingRow, SeatRow, UserRow
from motherlode.web import profiles
from motherlode.web import ratings as rating
from motherlode.web.app import create_app
from motherlode.web.identity import CSRF_HEADER, SESSION_COOKIE, Account, account_seat_token
from motherlode.web.limits import Limits
from tests.web.accounts_kit import account_row

SEEDED = Limits(allow_client_seed=True)
ONE_ROUND = {"rounds": 1, "challenges": False}
TIE_SEED = 2
"""Both players hold the same bonus card: bidding nothing each, they tie."""
SIGNED_IN = "X-Test-Account"
"""Who the test says is signed in (the accounts' session cookie, in play)."""


@pytest.fixture
def client(backend_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    app = create_app(backend_url, limits=SEEDED)
    db: Database = app.state.service.db

    async def current_account(request: Any) -> Account | None:
        name = request.headers.get(SIGNED_IN)
        user = store.user_named(db, name) if name else None
        return None if user is None else Account(user["id"], user["username"])

    monkeypatch.setattr(profiles, "current_account", current_account)
    monkeypatch.setattr(rating, "SWEEP_SECONDS", 3600.0)  # the tests sweep when they say
    with TestClient(app) as c:
        yield c


def service_of(client: TestClient) -> Any:
    return client.app.state.service  # type: ignore[attr-defined]


def db_of(client: TestClient) -> Database:
    db: Database = service_of(client).db
    return db


def ratings_of(client: TestClient) -> rating.Ratings:
    for hook in service_of(client).change_hooks or HOOKS[service_of(client)]:
        owner = getattr(hook, "__self__", None)
        if isinstance(owner, rating.Ratings):
            return owner
    raise AssertionError("create_app installs the ratings hook")


HOOKS: dict[Any, list[Any]] = {}


def no_hooks(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """As if the process stopped between each game's end and its hooks."""
    service = service_of(client)
    HOOKS[service] = list(service.change_hooks)
    monkeypatch.setattr(service, "change_hooks", [])


def account(client: TestClient, name: str) -> int:
    return account_row(db_of(client), name)


def give_seat(client: TestClient, table: str, seat: int, user_id: int) -> None:
    """What the accounts' create and join routes do for a signed-in player."""
    with db_of(client).session() as s:
        s.execute(
            update(SeatRow)
            .where(SeatRow.table_id == table, SeatRow.seat == seat)
            .values(user_id=user_id)
        )


def new_table(
    client: TestClient,
    agents: list[str],
    *,
    seed: int = 11,
    holders: dict[int, int] | None = None,
    **settings: Any,
) -> dict[str, Any]:
    body = {
        "game": "nuggets",
        "seats": [{"agent": a, "name": f"P{i}"} for i, a in enumerate(agents)],
        "options": ONE_ROUND,
        "settings": {"bot_delay_ms": 0, **settings},
        "seed": seed,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    for seat, user in (holders or {}).items():
        give_seat(client, data["id"], seat, user)
    return data


def bid(client: TestClient, data: dict[str, Any], seat: int, gold: int) -> dict[str, Any]:
    token = data["seats"][seat]["token"]
    response = client.post(
        f"/api/tables/{data['id']}/actions",
        json={"seat": seat, "action": {"type": "bid", "gold": gold}},
        headers={"X-Seat-Token": token},
    )
    assert response.status_code == 200, response.text
    view: dict[str, Any] = response.json()
    return view


def until(check: Callable[[], Any], seconds: float = 15.0) -> Any:
    deadline = time.time() + seconds
    while time.time() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.02)
    raise AssertionError("not there in time")


def changes(client: TestClient, table: str) -> dict[int, RatingChangeRow]:
    with db_of(client).session() as s:
        query = select(RatingChangeRow).where(RatingChangeRow.table_id == table)
        return {c.user_id: c for c in s.scalars(query)}


def stored_rating(client: TestClient, user: int) -> RatingRow | None:
    with db_of(client).session() as s:
        return s.get(RatingRow, (user, "nuggets"))


def settle(client: TestClient) -> None:
    """Let the hooks spawned so far finish (each is its own background task)."""
    service = service_of(client)

    async def wait() -> None:
        import asyncio

        while service._background:
            await asyncio.gather(*list(service._background), return_exceptions=True)

    client.portal.call(wait)  # type: ignore[union-attr]


def ranking(view: dict[str, Any]) -> list[list[int]]:
    return [list(g) for g in view["observation"]["ranking"]]


def played(
    client: TestClient, bids: list[int], **kw: Any
) -> tuple[dict[str, Any], list[list[int]]]:
    """A table of people (each seat's bid in turn) played to its end; its final ranking."""
    data = new_table(client, ["human"] * len(bids), **kw)
    view: dict[str, Any] = {}
    for seat, gold in enumerate(bids):
        view = bid(client, data, seat, gold)
    assert view["status"] == "finished"
    return data, ranking(view)


# ------------------------------------------------------------------------ the ratings


def test_a_rated_game_moves_both_ratings_the_right_way_once(client: TestClient) -> None:
    ann, ben = account(client, "Ann"), account(client, "Ben")
    data, places = played(client, [1, 0], rated=True, holders={0: ann, 1: ben})
    assert len(places) == 2  # one won, one lost
    winner, loser = (ann, ben) if places[0] == [0] else (ben, ann)
    found = until(lambda: len(changes(client, data["id"])) == 2 and changes(client, data["id"]))
    start_mu, start_sigma = rating.START
    won, lost = found[winner], found[loser]
    assert (won.mu_before, won.sigma_before) == (start_mu, start_sigma)
    assert won.mu_after > start_mu > lost.mu_after
    assert won.sigma_after < start_sigma and lost.sigma_after < start_sigma
    row = stored_rating(client, winner)
    assert row is not None and (row.mu, row.sigma, row.games) == (won.mu_after, won.sigma_after, 1)

    # the hook again (another process, a later broadcast), the storage again, the sweep:
    # nothing more
    live = service_of(client).tables[data["id"]]
    hook = ratings_of(client)
    hook._seen.clear()
    client.portal.call(hook.on_change, live)  # type: ignore[union-attr]
    assert rating.rate_table(db_of(client), data["id"]) == "done"
    assert not store.apply_result(
        db_of(client), data["id"], "nuggets", [ann], lambda r: r, start=rating.START
    )
    assert client.portal.call(hook.sweep) == []  # type: ignore[union-attr]
    assert len(changes(client, data["id"])) == 2
    again = stored_rating(client, winner)
    assert again is not None and again.games == 1 and again.mu == won.mu_after


def test_two_processes_rating_one_table_at_once_rate_it_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, ben = account(client, "Ann"), account(client, "Ben")
    no_hooks(client, monkeypatch)  # nobody rates it at the end
    data, _ = played(client, [1, 0], rated=True, holders={0: ann, 1: ben})
    settle(client)
    assert changes(client, data["id"]) == {}
    others = [Database(db_of(client).url) for _ in range(3)]
    outcomes: list[str] = []
    threads = [
        threading.Thread(target=lambda db=db: outcomes.append(rating.rate_table(db, data["id"])))
        for db in others
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for db in others:
        db.engine.dispose()
    assert sorted(outcomes) == ["done", "done", "rated"]
    assert len(changes(client, data["id"])) == 2
    for user in (ann, ben):
        row = stored_rating(client, user)
        assert row is not None and row.games == 1


def test_two_tables_of_the_same_players_rated_at_once_lose_no_update(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes rate two tables of the same two new players at the same moment: both
    write a first rating row for each (one of them retries), and each table's change starts
    where the other's ended."""
    ann, ben = account(client, "Ann"), account(client, "Ben")
    no_hooks(client, monkeypatch)
    tables = [played(client, [1, 0], rated=True, holders={0: ann, 1: ben})[0] for _ in range(2)]
    settle(client)
    others = [Database(db_of(client).url) for _ in tables]
    outcomes: list[str] = []
    go = threading.Barrier(len(tables))

    def rate(db: Database, table: str) -> None:
        go.wait()
        outcomes.append(rating.rate_table(db, table))

    threads = [
        threading.Thread(target=rate, args=(db, t["id"]))
        for db, t in zip(others, tables, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for db in others:
        db.engine.dispose()
    assert outcomes == ["rated", "rated"]
    first, second = (changes(client, t["id"]) for t in tables)
    for user in (ann, ben):
        a, b = first[user], second[user]
        chained = (a.mu_after, a.sigma_after) == (b.mu_before, b.sigma_before)
        chained |= (b.mu_after, b.sigma_after) == (a.mu_before, a.sigma_before)
        assert chained, "one table's change starts where the other's ended"
        row = stored_rating(client, user)
        assert row is not None and row.games == 2


def test_the_sweep_rates_a_table_whose_process_stopped_before_its_hook(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, ben = account(client, "Ann"), account(client, "Ben")
    no_hooks(client, monkeypatch)
    rated, _ = played(client, [1, 0], rated=True, holders={0: ann, 1: ben})
    unrated, _ = played(client, [1, 0], holders={0: ann, 1: ben})
    alone, _ = played(client, [1, 0], rated=True, holders={0: ann})  # a guest: nobody to rate
    settle(client)
    sweep = ratings_of(client).sweep
    assert client.portal.call(sweep) == [rated["id"]]  # type: ignore[union-attr]
    assert set(changes(client, rated["id"])) == {ann, ben}
    assert changes(client, unrated["id"]) == {} and changes(client, alone["id"]) == {}
    assert alone["id"] in ratings_of(client)._nobody  # not looked at again
    assert client.portal.call(sweep) == []  # type: ignore[union-attr]


def test_a_rating_that_fails_never_fails_the_move_and_is_swept_later(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, ben = account(client, "Ann"), account(client, "Ben")

    def broken(*args: Any, **kw: Any) -> bool:
        raise RuntimeError("the ratings are broken today")

    real = store.apply_result
    monkeypatch.setattr(store, "apply_result", broken)
    data, _ = played(client, [1, 0], rated=True, holders={0: ann, 1: ben})  # moves: 200
    settle(client)
    assert changes(client, data["id"]) == {}
    monkeypatch.setattr(store, "apply_result", real)
    assert client.portal.call(ratings_of(client).sweep) == [data["id"]]  # type: ignore[union-attr]
    assert len(changes(client, data["id"])) == 2


def test_an_unrated_table_changes_nothing(client: TestClient) -> None:
    ann, ben = account(client, "Ann"), account(client, "Ben")
    data, _ = played(client, [1, 0], holders={0: ann, 1: ben})
    settle(client)
    assert changes(client, data["id"]) == {}
    assert stored_rating(client, ann) is None and stored_rating(client, ben) is None


def test_a_guest_seat_takes_no_part(client: TestClient) -> None:
    ann, ben = account(client, "Ann"), account(client, "Ben")
    data, places = played(client, [2, 1, 0], rated=True, holders={0: ann, 2: ben})
    found = until(lambda: changes(client, data["id"]))
    settle(client)
    assert set(found) == {ann, ben}
    # the two accounts are rated as they finished between themselves
    place = {seat: i for i, group in enumerate(places) for seat in group}
    first, other = (ann, ben) if place[0] < place[2] else (ben, ann)
    assert place[0] != place[2] and found[first].mu_after > found[other].mu_after


def test_a_tie_is_a_tie(client: TestClient) -> None:
    ann, ben = account(client, "Ann"), account(client, "Ben")
    data, places = played(client, [0, 0], seed=TIE_SEED, rated=True, holders={0: ann, 1: ben})
    assert places == [[0, 1]]
    found = until(lambda: len(changes(client, data["id"])) == 2 and changes(client, data["id"]))
    for change in found.values():
        assert change.mu_after == pytest.approx(rating.START[0])  # equals who tie stay equal
        assert change.sigma_after < rating.START[1]  # and are surer of it


def test_one_account_at_two_seats_is_not_rated(client: TestClient) -> None:
    ann = account(client, "Ann")
    data, _ = played(client, [1, 0], rated=True, holders={0: ann, 1: ann})
    settle(client)
    assert changes(client, data["id"]) == {}


LEVELS_TOML = """
[ratings]
beginner = {mu = 20.0, sigma = 3.0, games = 24}
"""


@pytest.mark.parametrize("rate_bots", [True, False])
def test_bots_take_part_only_when_the_table_says_so_at_their_levels_rating(
    client: TestClient, data_folder: Path, rate_bots: bool
) -> None:
    (data_folder / "levels.toml").write_text(LEVELS_TOML)
    ann = account(client, "Ann")
    settings: dict[str, Any] = {"rated": True, "rate_bots": True} if rate_bots else {"rated": True}
    data = new_table(client, ["human", "beginner", "random"], holders={0: ann}, **settings)
    bid(client, data, 0, 3)
    until(lambda: client.get(f"/api/tables/{data['id']}").json()["status"] == "finished")
    settle(client)
    found = changes(client, data["id"])
    if not rate_bots:
        assert found == {}  # alone among bots and guests: nobody to rate against
        return
    assert set(found) == {ann}  # the bots have no rating rows: theirs never change
    # the beginner took part at 20 ± 3; the random bot (no measured rating) did not
    view = client.get(f"/api/tables/{data['id']}").json()
    table = store.finished_table(db_of(client), data["id"])
    assert table is not None
    entrants = rating.lineup(table, get_game("nuggets"))
    assert [(e.seat, e.user, e.fixed) for e in sorted(entrants, key=lambda e: e.seat)] == [
        (0, ann, None),
        (1, None, (20.0, 3.0)),
    ]
    ann_place = next(i for i, g in enumerate(ranking(view)) if 0 in g)
    bot_place = next(i for i, g in enumerate(ranking(view)) if 1 in g)
    change = found[ann]
    if ann_place < bot_place:
        assert change.mu_after > change.mu_before
    elif ann_place > bot_place:
        assert change.mu_after < change.mu_before


def test_the_reference_ratings_are_the_levels_measured_ones_on_the_same_scale() -> None:
    """The ladder (sim/ratings.py) rates with OpenSkill's defaults, as the players are."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    assert (rating.MODEL.mu, rating.MODEL.sigma, rating.MODEL.beta) == (
        model.mu,
        model.sigma,
        model.beta,
    )
    gonza = get_game("gonza")
    measured = next(lv["rating"] for lv in levels.describe(gonza) if lv["name"] == "strong")
    assert rating.reference_rating(gonza, "strong") == (measured["mu"], measured["sigma"])
    assert rating.reference_rating(gonza, "strong:ms=50") is None  # not the level measured
    assert rating.reference_rating(gonza, "random") is None
    assert rating.reference_rating(gonza, "not a spec!") is None


# ----------------------------------------------------------------------- leaderboards


def test_the_leaderboard_orders_by_the_conservative_rating_a_page_at_a_time(
    client: TestClient,
) -> None:
    db = db_of(client)
    players = [(f"p{i:02d}", 20.0 + i * 0.25, 2.0) for i in range(60)]
    players.append(("lucky", 40.0, 8.0))  # high, but unsure: 16 beyond doubt
    with db.session() as s:
        for name, mu, sigma in players:
            user = UserRow(
                username=name,
                username_key=name,
                password_hash="-",
                seat_key="00",
                created_at=0.0,
                email="hidden@example.org",
            )
            s.add(user)
            s.flush()
            s.add(
                RatingRow(
                    user_id=user.id, game="nuggets", mu=mu, sigma=sigma, games=3, updated_at=0.0
                )
            )
    first = client.get("/api/leaderboard/nuggets").json()
    assert first["total"] == 61 and first["pages"] == 2 and len(first["players"]) == 50
    order = [p["conservative"] for p in first["players"]]
    assert order == sorted(order, reverse=True)
    assert first["players"][0] == {
        "rank": 1,
        "username": "p59",
        "games": 3,
        "profile": "/u/p59",
        "mu": 34.75,
        "sigma": 2.0,
        "conservative": 28.75,
    }
    second = client.get("/api/leaderboard/nuggets", params={"page": 2}).json()
    assert [p["rank"] for p in second["players"]] == list(range(51, 62))
    names = [p["username"] for p in first["players"] + second["players"]]
    assert names.index("lucky") > names.index("p40")  # 16 beyond doubt: below mu 30 ± 2
    assert "hidden@example.org" not in str(first) + str(second)
    assert client.get("/api/leaderboard/gonza").json()["players"] == []


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/leaderboard/chess", 404),
        ("/api/leaderboard/" + "x" * 41, 422),
        ("/api/leaderboard/Gonza!", 422),
        ("/api/leaderboard/gonza?page=0", 422),
        ("/api/leaderboard/gonza?page=1001", 422),
        ("/api/leaderboard/gonza?page=two", 422),
        ("/api/players/nobody", 404),
        ("/api/players/" + "a" * 25, 422),
        ("/api/players/ab", 422),
        ("/api/players/ann.b", 422),
        ("/api/players/a%20b", 422),
        ("/api/players/a%00b", 422),
        ("/api/players/Ann?page=0", 422),
        ("/api/players/Ann?page=-3", 422),
        ("/api/players/Ann?page=" + "9" * 40, 422),
        ("/api/players/nobody/open", 401),
    ],
)
def test_bad_inputs_are_refused(client: TestClient, path: str, status: int) -> None:
    account(client, "Ann")
    response = client.get(path)
    assert response.status_code == status, response.text
    assert "x" * 41 not in response.text and "9" * 40 not in response.text


# --------------------------------------------------------------------------- profiles


def test_the_profile_lists_the_game_its_rating_change_replay_and_proof(
    client: TestClient,
) -> None:
    ann, ben = account(client, "Ann"), account(client, "Ben")
    data, places = played(client, [1, 0], rated=True, holders={0: ann, 1: ben})
    until(lambda: len(changes(client, data["id"])) == 2)
    profile = client.get("/api/players/ann").json()  # any case finds the account
    assert profile["username"] == "Ann" and profile["you"] is False and profile["open"] is None
    [nuggets] = profile["ratings"]
    row = stored_rating(client, ann)
    assert row is not None
    assert nuggets["game"] == "nuggets" and nuggets["games"] == 1
    assert nuggets["mu"] == round(row.mu, 2) and nuggets["sigma"] == round(row.sigma, 2)
    assert nuggets["conservative"] == round(row.mu - 3 * row.sigma, 2)
    assert nuggets["leaderboard"] == "/leaderboard/nuggets"
    [game] = profile["games"]
    won = places[0] == [0]
    assert game["table"] == data["id"] and game["your_seats"] == [0] and game["rated"] is True
    assert game["result"] == {"place": 1 if won else 2, "of": 2, "tied": False}
    assert (game["change"]["mu"] > 0) is won
    assert game["change"]["after"]["mu"] == round(row.mu, 2)
    assert game["replay"] == f"/t/{data['id']}"
    assert game["proof"] == f"/api/tables/{data['id']}/record"
    assert game["seats"][1] == {"seat": 1, "name": "P1", "bot": None, "username": "Ben"}
    proof = client.get(game["proof"]).json()
    assert proof["meta"]["fairness"]["salt"]  # the deal's commitment, opened
    assert client.get(game["replay"]).status_code == 200
    text = str(profile)
    for secret in ("example.org", "token", "seat_key", "password", "user_id"):
        assert secret not in text
    assert client.get("/u/Ann").status_code == 200
    assert client.get("/leaderboard/nuggets").status_code == 200


def test_a_private_table_is_listed_to_its_owner_only_and_pages_go_newest_first(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, ben = account(client, "Ann"), account(client, "Ben")
    monkeypatch.setattr(profiles, "PROFILE_PAGE", 2)
    tables = [played(client, [1, 0], holders={0: ann, 1: ben})[0]["id"] for _ in range(3)]
    hidden, _ = played(client, [1, 0], private=True, holders={0: ann, 1: ben})
    public = client.get("/api/players/Ann").json()
    assert [g["table"] for g in public["games"]] == tables[::-1][:2] and public["more"] is True
    rest = client.get("/api/players/Ann", params={"page": 2}).json()
    assert [g["table"] for g in rest["games"]] == [tables[0]] and rest["more"] is False
    as_ben = client.get("/api/players/Ann", headers={SIGNED_IN: "Ben"}).json()
    assert hidden["id"] not in str(as_ben)
    own = client.get("/api/players/Ann", headers={SIGNED_IN: "Ann"}).json()
    assert own["you"] is True and own["games"][0]["table"] == hidden["id"]
    assert own["open"] == "/api/players/Ann/open"


def test_open_games_put_your_turn_first_and_are_for_their_owner_only(
    client: TestClient,
) -> None:
    ann, ben = account(client, "Ann"), account(client, "Ben")
    waiting = new_table(client, ["human", "human"], holders={0: ann, 1: ben})
    bid(client, waiting, 0, 1)  # Ann has bid: Ben's turn
    mine = new_table(client, ["human", "human"], holders={0: ann, 1: ben})
    bid(client, mine, 1, 1)  # Ben has bid: Ann's turn
    touched = new_table(client, ["human", "human"], holders={0: ann, 1: ben})
    bid(client, touched, 0, 2)  # the most recent change, still not Ann's turn
    service_of(client).tables.clear()  # the list loads what is not in memory
    assert client.get("/api/players/Ann/open").status_code == 401
    assert client.get("/api/players/Ann/open", headers={SIGNED_IN: "Ben"}).status_code == 403
    listed = client.get("/api/players/Ann/open", headers={SIGNED_IN: "Ann"}).json()
    tables = [g["table"] for g in listed["games"]]
    assert tables == [mine["id"], touched["id"], waiting["id"]]
    assert [g["your_turn"] for g in listed["games"]] == [True, False, False]
    with db_of(client).session() as s:
        key = s.get(UserRow, ann).seat_key  # type: ignore[union-attr]
    first = listed["games"][0]
    token = account_seat_token(key, mine["id"], 0)
    assert first["links"] == [{"seat": 0, "link": f"/t/{mine['id']}#seat=0&token={token}"}]
    assert first["seats"][1]["username"] == "Ben"
    # Ben's own list: his turn at two tables
    as_ben = client.get("/api/players/Ben/open", headers={SIGNED_IN: "Ben"}).json()
    assert [g["your_turn"] for g in as_ben["games"]] == [True, True, False]


def test_players_who_signed_up_see_their_rated_game_on_both_profiles(
    backend_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole way, through the accounts' own routes: Ann signs up and makes a rated
    table, Ben signs up and takes its open seat, they play; each sees the game and their
    rating change on their profile, and Ann her open games, with her cookie only."""
    monkeypatch.setattr(rating, "SWEEP_SECONDS", 3600.0)
    with TestClient(create_app(backend_url, limits=SEEDED)) as client:
        sessions: dict[str, tuple[str, str]] = {}

        def sign_up(name: str) -> None:
            client.cookies.clear()
            response = client.post(
                "/api/account/signup", json={"username": name, "password": "a long passphrase"}
            )
            assert response.status_code == 201, response.text
            sessions[name] = (response.cookies[SESSION_COOKIE], response.json()["csrf"])

        def as_(name: str | None) -> dict[str, str]:
            client.cookies.clear()
            if name is None:
                return {}
            cookie, csrf = sessions[name]
            client.cookies.set(SESSION_COOKIE, cookie)
            return {CSRF_HEADER: csrf}

        sign_up("Ann")
        sign_up("Ben")
        body = {
            "game": "nuggets",
            "seats": [{"agent": "human", "name": "Ann", "mine": True}, {"agent": "open"}],
            "options": ONE_ROUND,
            "settings": {"rated": True},
            "seed": 11,
        }
        made = client.post("/api/tables", json=body, headers=as_("Ann"))
        assert made.status_code == 201, made.text
        data = made.json()
        joined = client.post(
            f"/api/tables/{data['id']}/join", json={"seat": 1, "name": "Ben"}, headers=as_("Ben")
        )
        assert joined.status_code == 200, joined.text
        data["seats"][1]["token"] = joined.json()["token"]
        as_(None)
        # a running table of theirs: Ann's turn once Ben has bid
        other = client.post("/api/tables", json=body, headers=as_("Ann")).json()
        client.post(
            f"/api/tables/{other['id']}/join", json={"seat": 1, "name": "Ben"}, headers=as_("Ben")
        )
        ben_token = client.get("/api/account/tables").json()
        link = next(t["link"] for t in ben_token["tables"] if t["id"] == other["id"])
        as_(None)
        client.post(
            f"/api/tables/{other['id']}/actions",
            json={"seat": 1, "action": {"type": "bid", "gold": 1}},
            headers={"X-Seat-Token": link.split("token=")[1]},
        ).raise_for_status()
        bid(client, data, 0, 1)
        final = ranking(bid(client, data, 1, 0))
        settle(client)

        ann_won = final[0] == [0]
        for name, won in (("Ann", ann_won), ("Ben", not ann_won)):
            profile = client.get(f"/api/players/{name}").json()
            [game] = [g for g in profile["games"] if g["table"] == data["id"]]
            assert (game["change"]["mu"] > 0) is won, name
            assert profile["ratings"][0]["games"] == 1 and profile["you"] is False
        assert client.get("/api/players/Ann/open").status_code == 401
        as_("Ben")
        assert client.get("/api/players/Ann/open").status_code == 403
        as_("Ann")
        mine = client.get("/api/players/Ann/open").json()["games"]
        assert [(g["table"], g["your_turn"]) for g in mine] == [(other["id"], True)]
        token = mine[0]["links"][0]["link"].split("token=")[1]
        seat_view = client.get(f"/api/tables/{other['id']}", headers={"X-Seat-Token": token})
        assert seat_view.status_code == 200 and seat_view.json()["seat"] == 0


def test_the_storage_counts_what_it_stores(client: TestClient) -> None:
    """One rating row a player and game, one change row a player and table."""
    ann, ben = account(client, "Ann"), account(client, "Ben")
    for _ in range(2):
        table: str = played(client, [1, 0], rated=True, holders={0: ann, 1: ben})[0]["id"]
        settle(client)
        assert len(changes(client, table)) == 2
    with db_of(client).session() as s:
        assert s.scalar(select(func.count()).select_from(RatingChangeRow)) == 4
        rows = list(s.scalars(select(RatingRow)))
    assert sorted((r.user_id, r.games) for r in rows) == [(ann, 2), (ben, 2)]
