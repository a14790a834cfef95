"""No card a seat cannot see ever reaches it: the leak checks every game passes.

What a seat may see is not taken from the game's own view code (that is what
is being checked) but found by dealing: a card is *hidden* from a seat when
some world sampled from that seat's view puts it somewhere else than the
true state does. Everything a seat receives is then scanned for cards that
are hidden from it and that it has never seen:

* its view's JSON (any card code in it must be visible to it now);
* the numbers its view shows (a count of hidden cards is public, so it
  must equal the true count: a view number where the state has the same
  number, or the length of the state's list, must agree);
* what it is told of every other seat's move, once it is played, and what the game
  announces of every move and chance outcome (``Presentation.announce``) (:func:`deckhand.play.tell.told_to_others`;
  the move's notation is public by contract, so the cards it names count as shown):
  no card code, no card name (``9 of Clubs``, ``9♣``) and no rank word
  (``the 2``, ``a King``) of a card it cannot see and its view never showed;
* why the cards the seat to move could pick make no move (``why_no_move``).

A spectator (``state.public_view()``) is checked the same way against the
cards that every seat can place *and* an onlooker has seen (:class:`Onlooker`):
a card every seat has peeked is still hidden from the table.

Nothing here is game-specific: a new game with hidden cards gets the checks
for free by running :func:`check_secrets` over seeded games.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from typing import Any

from deckhand.agents.base import Agent
from deckhand.agents.registry import parse_spec
from deckhand.core.presentation import presentation_of
from deckhand.core.protocol import Action, Game, State, require_legal
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.core.words import card_name_patterns
from deckhand.play.tell import told_to_others

Path = tuple[Any, ...]

SKIPPED_KEYS = frozenset({"history", "options", "start", "notes"})
"""State JSON that is not a card's place: the record of the game, its options, a loaded save's text."""


class SecretLeak(AssertionError):
    """A seat received a card it cannot see."""


def card_places(data: Any, cards: frozenset[str], path: Path = ()) -> dict[str, list[Path]]:
    """Where each card code lies in a JSON tree: code -> the sorted paths that hold it."""
    out: dict[str, list[Path]] = {}

    def walk(node: Any, at: Path) -> None:
        if isinstance(node, str):
            if node in cards:
                out.setdefault(node, []).append(at)
        elif isinstance(node, dict):
            for key, value in node.items():
                if key not in SKIPPED_KEYS:
                    walk(value, (*at, key))
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, (*at, i))

    walk(data, path)
    for paths in out.values():
        paths.sort(key=repr)
    return out


def visible_cards(
    state: State, player: int, rng: random.Random, worlds: int = 6, truth: dict[str, list[Path]] | None = None
) -> Counter[str]:
    """How many of each card ``player`` can place: every world dealt from its view has it where it is.

    ``truth`` is ``card_places(state.to_json(), ...)`` when the caller has it already.
    """
    cards = frozenset(state.game.all_cards())
    truth = card_places(state.to_json(), cards) if truth is None else truth
    view = state.view(player)
    fixed = {code: set(paths) for code, paths in truth.items()}
    for _ in range(worlds):
        world = card_places(view.sample_world(rng).to_json(), cards)
        for code, paths in fixed.items():
            paths.intersection_update(world.get(code, ()))
    return Counter({code: len(paths) for code, paths in fixed.items() if paths})


def public_cards(state: State, rng: random.Random, seen: Collection[str], worlds: int = 6) -> Counter[str]:
    """How many of each card every seat can place, of those an onlooker has ``seen``: what a spectator may be shown."""
    return shown_to_all([visible_cards(state, seat, rng, worlds) for seat in range(state.game.num_players)], seen)


def shown_to_all(seats: Sequence[Counter[str]], seen: Collection[str]) -> Counter[str]:
    """Of what each seat can place (``seats``), what every seat can place and an onlooker has ``seen``."""
    common = seats[0]
    for visible in seats[1:]:
        common = common & visible
    return Counter({code: n for code, n in common.items() if code in seen})


# -- what an onlooker has seen ------------------------------------------------------


def told_to_all(state: State, action: Action, names: Sequence[str]) -> tuple[str, ...]:
    """What everyone at the table, an onlooker too, is told of ``action`` (``state`` is before it).

    Who acts, a move's notation and words, the game's announcements; a
    chance outcome's card goes only to whoever may see it.
    """
    player = state.current_player()
    shown = presentation_of(state.game)
    require_legal(state, action)
    said = tuple(shown.announce(state, action, names))
    if player == CHANCE:
        return ("chance", *said)
    told = (shown.describe_action(state, action), shown.tell_move(state, action, names))
    return (str(player), state.action_to_string(action), *told, *said)


def face_up(state: State) -> set[str]:
    """The cards lying face up for everyone: at the game's ``FACE_UP`` places, and every hand at the end."""
    data = state.to_json()
    keys = [*state.game.FACE_UP, *(["hands"] if state.is_terminal() else [])]
    return set(card_places({key: data.get(key) for key in keys}, frozenset(state.game.all_cards())))


class Onlooker:
    """The cards someone watching the table has seen: named to everyone, or face up. Seen once, seen for good.

    Taken from the rules (what is told, what lies face up), never from a
    view: it is what a public view is checked against.
    """

    def __init__(self, game: Game) -> None:
        self.cards: set[str] = set()
        self._all = frozenset(game.all_cards())

    def look(self, state: State) -> None:
        """See what lies face up in ``state``."""
        self.cards |= face_up(state)

    def hear(self, told: Sequence[str]) -> None:
        """Hear what everyone is told of an action (:func:`told_to_all`)."""
        self.cards |= cards_named(" ".join(told[1:]), self._all)


def hidden_cards(state: State, player: int, rng: random.Random, worlds: int = 6) -> set[str]:
    """The cards (codes) of which ``player`` cannot place at least one copy."""
    visible = visible_cards(state, player, rng, worlds)
    return {code for code, n in Counter(state.game.all_cards()).items() if visible[code] < n}


def codes_in(data: Any, cards: frozenset[str]) -> Counter[str]:
    """How many times each card code appears in a JSON tree."""
    return Counter({code: len(paths) for code, paths in card_places(data, cards).items()})


# -- cards named in text ----------------------------------------------------------

_RANK_WORDS = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "X": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "JK": "joker",
}
_LABEL_RANK = {"10": "X", **{v: k for k, v in _RANK_WORDS.items()}}
_ARTICLE_RANK = re.compile(
    r"\b(?:the|a|an|my|its|your|their|his|her|one)\s+(?:red\s+|black\s+)?"
    r"(?:(?i:(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|joker))|"
    r"(10|[2-9AJQK]))s?\b"
)


def _rank_of(code: str) -> str:
    return "JK" if code == "JK" else code[1:]


def cards_named(text: str, codes: Iterable[str]) -> set[str]:
    """Which of ``codes`` the text names: by code (``H9``), name (``9 of Hearts``) or label (``9♥``)."""
    found = set()
    for code in codes:
        if any(p.search(text) for p in card_name_patterns(code)):
            found.add(code)
    return found


def ranks_named(text: str) -> set[str]:
    """Ranks a sentence names as a card (``the 2``, ``a King``, ``the red K``), as rank letters."""
    out = set()
    for word, label in _ARTICLE_RANK.findall(text):
        out.add(_LABEL_RANK[word.lower()] if word else _LABEL_RANK.get(label, label))
    return out


def leaked_in_text(text: str, hidden: set[str], seen: set[str]) -> list[str]:
    """What ``text`` gives away to a seat that cannot see ``hidden`` and has seen ``seen``.

    A card is given away by its code or its name; a rank by a rank word when
    some card of that rank is hidden and the seat has seen none of that rank.
    """
    secret = hidden - seen
    leaks = sorted(cards_named(text, secret))
    seen_ranks = {_rank_of(c) for c in seen}
    secret_ranks = {_rank_of(c) for c in secret}
    leaks += [f"rank {r}" for r in sorted(ranks_named(text) & secret_ranks - seen_ranks)]
    return leaks


# -- numbers ---------------------------------------------------------------------


def wrong_counts(view: Any, state: Any, path: Path = ()) -> list[str]:
    """Numbers a view shows that disagree with the state's: the same number, or a list's length."""
    out: list[str] = []
    if isinstance(view, dict) and isinstance(state, dict):
        for key, value in view.items():
            if key in state and key not in SKIPPED_KEYS:
                out += wrong_counts(value, state[key], (*path, key))
    elif isinstance(view, list) and isinstance(state, list) and len(view) == len(state):
        for i, (a, b) in enumerate(zip(view, state, strict=True)):
            out += wrong_counts(a, b, (*path, i))
    elif isinstance(view, int) and not isinstance(view, bool):
        truth: Any = len(state) if isinstance(state, list) else state
        if isinstance(truth, int | float) and not isinstance(truth, bool) and view != truth:
            out.append(f"{'.'.join(map(str, path))} is {view} in the view, {truth} in truth")
    return out


def quick_spec(spec: str, iterations: int = 24) -> str:
    """An agent spec with any search budget cut to ``iterations``: what an agent says does not
    depend on how long it thinks, so the leak checks play its levels fast."""
    name, params = parse_spec(spec)
    if "iterations" not in params and "seconds" not in params:
        return spec
    params = {k: v for k, v in params.items() if k != "seconds"} | {"iterations": iterations}
    return name + ":" + ",".join(f"{k}={v}" for k, v in params.items())


# -- the check ---------------------------------------------------------------------


def check_secrets(
    game: Game,
    seed: int,
    agents: Sequence[Agent],
    *,
    worlds: int = 6,
    views_every: int = 3,
) -> State:
    """Play one seeded game with ``agents`` and check that no seat receives a card it cannot see.

    Views are checked every ``views_every`` positions, what the other seats
    are told of every move at every move; the public view and what a
    spectator is told, likewise.
    Raises :class:`SecretLeak` naming the game, seed, step, seat and card.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.name} needs {game.num_players} agents, {len(agents)} given")
    rng = random.Random(seed)
    world_rng = random.Random(seed ^ 0x5EC2E7)
    agent_rngs = [random.Random(seed * 31 + seat) for seat in range(game.num_players)]
    names = [f"Seat {seat + 1}" for seat in range(game.num_players)]
    deck = Counter(game.all_cards())
    cards = frozenset(deck)
    seen: list[set[str]] = [set() for _ in range(game.num_players + 1)]  # the last is the spectator's
    spectator = game.num_players
    onlooker = Onlooker(game)
    state = game.new_initial_state()
    step = 0

    def where(seat: int) -> str:
        who = "the spectator" if seat == spectator else f"seat {seat}"
        return f"{game.name} {game.options.get('preset', '')} seed {seed} step {step} {who}"

    def view_json(seat: int) -> Any:
        return (state.public_view() if seat == spectator else state.view(seat)).to_json()

    placed: dict[int, Counter[str]] = {}
    placed_at = -1
    truth: dict[str, list[Path]] = {}

    def visible(seat: int) -> Counter[str]:
        """What ``seat`` can place in this position: worked out once a position (the worlds are the costly part)."""
        nonlocal placed_at, truth
        moves = len(state.history())
        if moves != placed_at:
            placed.clear()
            placed_at = moves
            truth = card_places(state.to_json(), cards)
        if seat not in placed:
            placed[seat] = visible_cards(state, seat, world_rng, worlds, truth)
        return placed[seat]

    def can_place(seat: int) -> Counter[str]:
        if seat == spectator:
            return shown_to_all([visible(other) for other in range(game.num_players)], onlooker.cards)
        return visible(seat)

    def look(seat: int) -> set[str]:
        """The cards hidden from ``seat`` now; what its view shows joins what it has seen."""
        visible = can_place(seat)
        seen[seat].update(codes_in(view_json(seat), cards))
        return {code for code, n in deck.items() if visible[code] < n}

    def check_view(seat: int) -> None:
        data = view_json(seat)
        shown = codes_in(data, cards) - can_place(seat)
        if shown:
            code = next(iter(shown))
            raise SecretLeak(f"{where(seat)}: its view shows {code}, a card it cannot see")
        wrong = wrong_counts(data, state.to_json())
        if wrong:
            raise SecretLeak(f"{where(seat)}: its view's counts are wrong: {'; '.join(wrong)}")

    def check_why_no_move(seat: int) -> None:
        """Why cards the mover could pick make no move names no card hidden from it beyond them."""
        hidden = look(seat)
        shown = sorted(codes_in(view_json(seat), cards))
        for picked in (shown[:1], shown[:2], shown[-2:]):
            why = presentation_of(game).why_no_move(state, picked)
            leaks = leaked_in_text(why, hidden, seen[seat] | set(picked))
            if leaks:
                raise SecretLeak(f"{where(seat)}: why_no_move({picked}) said {why!r}, which gives away {leaks}")

    while True:
        player = state.current_player()
        onlooker.look(state)
        if step % views_every == 0 or player == TERMINAL:
            for seat in range(game.num_players + 1):
                check_view(seat)
        if player == TERMINAL:
            return state
        if player == CHANCE:
            outcome = state.sample_chance_outcome(rng)
            text = " ".join(presentation_of(game).announce(state, outcome, names))
            onlooker.hear(told_to_all(state, outcome, names))
            state.apply_action(outcome)
            played: set[str] = set()
        else:
            if step % views_every == 0:
                check_why_no_move(player)
            explanation = agents[player].explain(state.view(player), agent_rngs[player])
            told = told_to_others(state, explanation, names)
            text = " ".join([told.sentence(), *presentation_of(game).announce(state, explanation.action, names)])
            played = cards_named(told.notation, cards)  # a move is made in the open: its cards are shown
            tally = presentation_of(game).tally(state, explanation.action, names)
            onlooker.hear(told_to_all(state, explanation.action, names))
            state.apply_action(explanation.action)
            onlooker.look(state)
            drawn = {code for side in tally.sides for code in (*side.cards, *side.counted)} if tally else set()
            if drawn - onlooker.cards:
                code = sorted(drawn - onlooker.cards)[0]
                raise SecretLeak(f"{where(spectator)}: the tally of the deck or round shows {code}, never shown")
        for seat in range(game.num_players + 1):
            if seat == player or not text:
                continue
            seen[seat] |= played
            hidden = look(seat)
            leaks = leaked_in_text(text, hidden, seen[seat])
            if leaks:
                raise SecretLeak(f"{where(seat)}: told {text!r}, which gives away {', '.join(leaks)}")
        step += 1
        if step > game.max_game_length():
            raise SecretLeak(f"{where(-1)}: the game is longer than max_game_length()")
