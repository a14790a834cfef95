"""People at one table from browsers of their own: invite links, who is here, watching, names, the host, rematch.

Each person is a browser context of their own (their own localStorage, so
their own seat tokens), and acts only in their own page. Moves are typed in
the notation box from the dealer's legal moves; Cambio's stick windows are
passed (a wrong stick would add penalty cards), and ``cambio`` is called once
the table has seen a few turns, so that every game ends in seconds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterator
from pathlib import Path
from typing import Any

import pytest

from deckhand.core.cards import Card
from tests.web.browser.live import LiveServer, needs_chromium, quiet_and_quick
from tests.web.tables import eventually

playwright_api = pytest.importorskip("playwright.sync_api")
pytestmark = [needs_chromium, pytest.mark.slow]  # whole games in a browser: the slow tier

HOUSE = {"game": "cambio", "preset": "house"}
IMG = '<img src=x onerror="window.__pwned=1">'
BOLD = "<b>bold</b>"

NO_PASS_TIMER = "localStorage.setItem('deckhand.passSeconds', '0');"
"""A stick window's pass is the test's to type, not the page's timer's."""

NEVER_ACTS = """
window.__acted = [];
new MutationObserver(() => {
  const found = document.querySelector(
    '[aria-label="Moves"] button, .felt button.clickable, .status .turn.mine, #rematch, #start-now');
  if (found) window.__acted.push(found.outerHTML.slice(0, 120));
}).observe(document, { subtree: true, childList: true, attributes: true });
"""
"""Notes every way to act that ever shows on a spectator's page (a move button, a clickable card, "Your move")."""

SHOWN = """main => [...main.querySelectorAll('[title], [aria-label]')]
    .map(el => `${el.getAttribute('title') || ''} ${el.getAttribute('aria-label') || ''}`)
    .join('\\n') + '\\n' + main.innerText"""


Person = Callable[[], Any]


@pytest.fixture
def person(browser: Any) -> Iterator[Person]:
    """A new person: a page in a browser context of its own, closed after the test."""
    contexts: list[Any] = []

    def new() -> Any:
        context = browser.new_context()
        context.add_init_script(NO_PASS_TIMER)
        contexts.append(context)
        return quiet_and_quick(context.new_page())

    yield new
    for context in contexts:
        context.close()


def table_id(page: Any) -> str:
    match = re.search(r"#/table/([^?]+)", page.url)
    assert match, page.url
    return match.group(1)


def type_move(page: Any, move: str) -> None:
    box = page.get_by_label("Move in notation")
    if not box.is_visible():  # typing is a toggle (or the / key)
        page.get_by_role("button", name="Type a move").click()
    box.fill(move)
    box.press("Enter")


def choose(server: LiveServer, table: str, seat: int, call_after: int) -> str:
    """Pass a stick window, call cambio once ``call_after`` turns are played, else vary among the other moves."""
    legal = server.legal(table, seat)
    assert legal, f"seat {seat} has no move"
    if "pass" in legal:
        return "pass"
    played = turns(server, table)
    if "cambio" in legal and played >= call_after:
        return "cambio"
    others = [move for move in legal if move != "cambio"]
    return others[played % len(others)]


def settled(
    server: LiveServer, table: str, people: Collection[int], until: Callable[[dict[str, Any]], bool] | None
) -> dict[str, Any] | None:
    """The table's summary once a person is to move, the game is over, or ``until`` holds (computers have played)."""
    now = server.summary(table)
    done = now["finished"] or now["to_move"] in people or (until is not None and until(now))
    return now if done else None


def play_out(
    server: LiveServer,
    table: str,
    pages: dict[int, Any],
    *,
    call_after: int = 6,
    moves: int | None = None,
    until: Callable[[dict[str, Any]], bool] | None = None,
    check: Callable[[], None] | None = None,
) -> int:
    """Play to the end (or ``moves`` moves, or until the summary says ``until``), each seat in its own page.

    Returns the number of moves typed. ``check`` runs before each move, while the table waits for a person.
    """
    typed = 0
    while moves is None or typed < moves:
        now = eventually(lambda: settled(server, table, pages, until), "a person to move, or the end")
        if now["finished"] or (until is not None and until(now)):
            break
        seat = now["to_move"]
        if check is not None:
            check()
        move = choose(server, table, seat, call_after)
        page = pages[seat]
        page.locator(".status .turn.mine").wait_for()
        type_move(page, move)
        before = now["seq"]
        eventually(lambda: server.summary(table)["seq"] > before, f"seat {seat}'s {move!r} is played")  # noqa: B023
        typed += 1
    return typed


def hidden_cards(server: LiveServer, table: str) -> set[str]:
    """The codes of the cards in every hand now, less any shown face up too (the discard: Jokers come in pairs)."""
    dealt = server.state(table).to_json()
    public = set(dealt["discard"])
    return {code for hand in dealt["hands"] for code in hand if code and code not in public}


def nothing_hidden_shows(server: LiveServer, table: str, watcher: Any) -> None:
    """No card in a hand is named in the spectator's page: not as a face's title, a label, nor in the text."""
    seq = server.summary(table)["seq"]  # the spectator's page shows moves at the pace: compare it once it caught up
    watcher.wait_for_function("seq => Number(document.querySelector('.felt')?.dataset.seq) >= seq", arg=seq)
    shown = watcher.locator("#main").evaluate(SHOWN)
    leaked = {c for c in hidden_cards(server, table) if Card.parse(c).name in shown or re.search(rf"\b{c}\b", shown)}
    assert not leaked, f"a spectator sees {sorted(leaked)}"


def a_spectator(person: Person, server: LiveServer, table: str) -> Any:
    """A page that opens the table's watch link, noting every way to act that ever shows on it."""
    watcher = person()
    watcher.add_init_script(NEVER_ACTS)
    watcher.goto(f"{server.url}/#/table/{table}")
    watcher.get_by_text("(watching)").wait_for()
    return watcher


def sit_down(page: Any, link: str, name: str) -> None:
    """Open an invite link, type a name, sit down: the page goes on to the table."""
    page.goto(link)
    page.locator("#name").fill(name)
    page.locator("#sit-down").click()
    page.wait_for_url(re.compile("#/table/"))
    page.locator(".status .seat-tag").first.wait_for()


def fresh_seats(page: Any, change: Callable[[], None]) -> None:
    """Do ``change`` in the lobby and wait until its seat rows are drawn anew (each change asks the server)."""
    page.locator(".seat-row select").first.evaluate("el => { el.dataset.stale = '1'; }")
    change()
    page.locator(".seat-row select:not([data-stale])").first.wait_for()


def lobby_table(page: Any, server: LiveServer, seats: dict[int, str], players: int | None = None) -> str:
    """A Cambio (house) table made in the lobby with ``seats`` chosen (seat: option value): its id."""
    page.goto(server.url + "/")
    page.locator(".seat-row select").first.wait_for()
    fresh_seats(page, lambda: page.get_by_role("button", name="Cambio", exact=True).click())
    fresh_seats(page, lambda: page.locator("#preset").select_option("house"))
    if players is not None:
        page.get_by_text("Options", exact=True).click()

        def more_players() -> None:
            page.locator("#opt-players").fill(str(players))
            page.locator("#opt-players").blur()  # a changed option asks the server how many seats

        fresh_seats(page, more_players)
    for seat, choice in seats.items():
        page.get_by_label(f"Seat {seat + 1}", exact=True).select_option(choice)  # the lobby counts seats from one
    if "open" not in seats.values():  # a chosen seed is for practice alone
        page.locator("#seed").fill("11")
    page.locator("#start").click()
    page.wait_for_url(re.compile("#/table/"))
    return table_id(page)


def turns(server: LiveServer, table: str) -> int:
    """Cambio's count of the turns played so far."""
    played: int = server.state(table).to_json()["turns_played"]
    return played


def tag(page: Any, name: str) -> Any:
    """The status bar's tag of the seat named ``name``."""
    return page.locator(".status .seat-tag").filter(has_text=name)


def test_two_people_play_a_whole_game_by_invite_link_while_a_third_watches(
    server: LiveServer, person: Person, tmp_path: Path
) -> None:
    """The path a person takes: the lobby, the link from the waiting overlay, a name; a spectator learns no hand."""
    host, guest = person(), person()
    table = lobby_table(host, server, {1: "open"})
    waiting = host.locator(".overlay.waiting")
    waiting.wait_for()
    link = waiting.get_by_label("Invite link for seat 2").input_value()  # seats counted from one
    assert re.fullmatch(rf"{re.escape(server.url)}/#/join/{table}/1/[\w-]{{16}}", link), link
    assert waiting.locator("#start-now").is_visible(), "the host may start early"
    host.locator(".status .turn", has_text="Waiting for players").wait_for()  # not "Your move": nothing is taken yet
    assert host.get_by_role("button", name="Hint").is_disabled()
    host.screenshot(path=str(tmp_path / "waiting.png"), full_page=True)

    sit_down(guest, link, "Bea")
    waiting.wait_for(state="detached")
    assert guest.locator(".overlay.waiting").count() == 0
    tag(guest, "Bea (you)").wait_for()
    watcher = a_spectator(person, server, table)
    host.get_by_text("1 watching").wait_for()

    moves = play_out(
        server, table, {0: host, 1: guest}, call_after=6, check=lambda: nothing_hidden_shows(server, table, watcher)
    )
    assert moves >= 15, "a game of some length"
    for page in (host, guest, watcher):
        page.locator(".result h3").wait_for()
    assert watcher.evaluate("window.__acted") == [], "nothing on a spectator's page ever offered a move"
    assert watcher.get_by_role("button", name="Hint").count() == 0, "a spectator never has a Hint"
    assert host.locator("#rematch").is_visible() and guest.locator("#rematch").is_visible()


def test_a_person_who_leaves_mid_game_comes_back_to_the_same_seat(server: LiveServer, person: Person) -> None:
    """Closing the page leaves the seat away; its link again (the token kept in the browser) returns to it."""
    table, token = server.table(**HOUSE, seats=["human", "open"], names=["Ann", None], away=0)
    ann, bea = person(), person()
    ann.goto(server.link(table, token))
    sit_down(bea, server.invite_link(table, 1), "Bea")
    tag(ann, "Bea").locator(".presence", has_text="●").wait_for()
    ann_starts_a_turn = lambda now: now["to_move"] == 0 and "draw" in server.legal(table, 0)  # noqa: E731
    play_out(server, table, {0: ann, 1: bea}, until=lambda now: turns(server, table) >= 2 and ann_starts_a_turn(now))

    context = bea.context
    bea.close()
    ann.locator(".status .seat-tag.away", has_text="Bea").locator(".presence", has_text="○ away").wait_for()
    # Ann plays on alone while Bea is away: her moves must reach Bea's snapshot
    play_out(server, table, {0: ann}, until=lambda now: now["to_move"] != 0)
    assert server.summary(table)["to_move"] == 1

    back = quiet_and_quick(context.new_page())
    back.goto(f"{server.url}/#/table/{table}")
    tag(back, "Bea (you)").wait_for()
    back.locator(".status .turn.mine").wait_for()  # a full snapshot: her seat, its moves
    assert back.get_by_text("(watching)").count() == 0
    ann.locator(".seat-tag.away").wait_for(state="detached")
    tag(ann, "Bea").locator(".presence", has_text="●").wait_for()
    ann_log = ann.locator(".log li").all_inner_texts()
    back_log = back.locator(".log li").all_inner_texts()
    assert len(back_log) >= 3 and ann_log[-3:] == back_log[-3:], "the log goes on where it was"

    play_out(server, table, {0: ann, 1: back})
    ann.locator(".result h3").wait_for()
    back.locator(".result h3").wait_for()


def test_two_people_and_two_computers_play_a_four_seat_game(server: LiveServer, person: Person, tmp_path: Path) -> None:
    """Two people's turns come between the computers' at a table of four; both see the end."""
    table, token = server.table(
        **HOUSE, options={"players": 4}, seats=["human", "open", "easy", "easy"], names=["Ann"], away=0
    )
    ann, bea = person(), person()
    ann.goto(server.link(table, token))
    seat, bea_token = server.join(table, "Bea", 1)
    bea.goto(server.link(table, bea_token, seat))
    tag(bea, "Bea (you)").wait_for()
    pages = {0: ann, 1: bea}
    play_out(server, table, pages, moves=8)
    assert ann.locator(".felt .title").count() == 4, "every seat's hand is drawn"
    ann.screenshot(path=str(tmp_path / "four_seats.png"), full_page=True)
    play_out(server, table, pages, call_after=8)
    for page in (ann, bea):
        page.locator(".result h3").wait_for()
        assert page.locator(".log li strong", has_text="Computer 2").count() > 0


def no_markup_runs(page: Any) -> None:
    """The names show as the text they are: no element made of them, no script run."""
    assert page.evaluate("window.__pwned") is None
    assert page.locator('img[src="x"]').count() == 0
    assert page.locator("b", has_text="bold").count() == 0


def test_names_with_markup_show_as_text_everywhere(server: LiveServer, person: Person) -> None:
    """A name is whatever a person types: the lobby, the join page, the table, its log and result show it as text."""
    table, token = server.table(**HOUSE, seats=["human", "open"], names=[BOLD, None], public=True, away=0)
    host, guest, watcher = person(), person(), person()
    host.goto(server.link(table, token))
    guest.goto(server.url + "/")
    listed = guest.locator("li", has_text=f"{BOLD} (a person)")
    listed.wait_for()
    no_markup_runs(guest)
    listed.get_by_role("link", name="Join").click()
    guest.get_by_text(f"Seat 1: {BOLD} (a person)").wait_for()  # seats counted from one, as people count
    no_markup_runs(guest)
    guest.locator("#name").fill(IMG)
    guest.locator("#sit-down").click()
    guest.wait_for_url(re.compile("#/table/"))
    watcher.goto(f"{server.url}/#/table/{table}")
    watcher.get_by_text("(watching)").wait_for()

    play_out(server, table, {0: host, 1: guest}, moves=6)
    for page in (host, guest, watcher):
        tag(page, IMG).wait_for()
        tag(page, BOLD).wait_for()
        page.locator(".log li strong", has_text=IMG).first.wait_for()
        no_markup_runs(page)
    lobby = watcher.context.new_page()
    lobby.goto(server.url + "/")
    lobby.locator("li", has_text=f"{BOLD} (a person), {IMG} (a person)").wait_for()
    no_markup_runs(lobby)
    lobby.goto(f"{server.url}/#/join/{table}")
    lobby.get_by_text(f"Seat 2: {IMG} (a person)").wait_for()
    lobby.get_by_text("Every seat is taken").wait_for()
    no_markup_runs(lobby)

    play_out(server, table, {0: host, 1: guest}, call_after=0)
    for page in (host, guest, watcher):
        page.locator(".result").get_by_text(IMG).first.wait_for()
        no_markup_runs(page)


def test_the_host_starts_early_with_computers_in_the_empty_seats(server: LiveServer, person: Person) -> None:
    """Nobody came by the links: the host's button fills the empty seats with computers and the game begins."""
    host = person()
    table = lobby_table(host, server, {1: "open", 2: "open"}, players=3)
    waiting = host.locator(".overlay.waiting")
    waiting.get_by_text("Waiting for 2 more players").wait_for()
    assert waiting.locator("input[readonly]").count() == 2
    host.locator("#start-now").click()
    waiting.wait_for(state="detached")
    tag(host, "Computer 1").wait_for()
    tag(host, "Computer 2").wait_for()
    assert [s["kind"] for s in server.summary(table)["seats"]] == ["human", "computer", "computer"]
    play_out(server, table, {0: host}, until=lambda now: turns(server, table) >= 3)  # the computers' turns too
    host.locator(".log li strong", has_text="Computer 1").first.wait_for()
    host.locator(".log li strong", has_text="Computer 2").first.wait_for()
    host.locator(".status .turn.mine, .result").first.wait_for()  # the table came back to its person


def test_a_rematch_takes_both_people_to_a_new_table_in_their_seats(server: LiveServer, person: Person) -> None:
    """One asks for a rematch at the end: both pages go on to the new table, each one seat on."""
    table, token = server.table(**HOUSE, seats=["human", "open"], names=["Ann", None], away=0)
    ann, bea = person(), person()
    ann.goto(server.link(table, token))
    sit_down(bea, server.invite_link(table, 1), "Bea")
    play_out(server, table, {0: ann, 1: bea}, call_after=0)  # cambio at once: one turn for Bea, then the end
    bea.locator("#rematch").wait_for()
    ann.locator("#rematch").click()
    for page in (ann, bea):
        page.wait_for_url(lambda url: url.split("#/table/")[-1] != table)
    again = table_id(ann)
    assert table_id(bea) == again
    tag(ann, "Ann (you)").wait_for()
    tag(bea, "Bea (you)").wait_for()
    assert server.summary(again)["waiting"] is False
    assert [seat["name"] for seat in server.summary(again)["seats"]] == ["Bea", "Ann"]
    play_out(server, again, {0: bea, 1: ann}, moves=3)  # both seats' tokens hold at the new table
