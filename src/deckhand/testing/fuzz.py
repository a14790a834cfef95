"""Every parser and loader, fed mutated input: the contract is a ``DeckhandError`` or a good result.

Each :class:`Target` takes one input (text, or JSON-like data) and either
accepts it or raises a ``DeckhandError`` with a one-line message. Anything
else is a failure: another exception, a message of several lines, or an
input accepted into an impossible state (a move that is not legal). The
suite runs each target under Hypothesis for a few seconds;
``benchmarks/fuzz.py`` runs them for as long as asked and counts failures
by kind.
"""

from __future__ import annotations

import copy
import io
import json
import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from deckhand.advise.advisor import Advisor
from deckhand.advise.tracker import Tracker
from deckhand.core.errors import ConfigError, DeckhandError, IllegalActionError
from deckhand.core.options import parse_options
from deckhand.core.presentation import presentation_of
from deckhand.core.protocol import State, require_legal
from deckhand.core.registry import games, load_game
from deckhand.games.casino.game import CasinoGame
from deckhand.games.three_trios.files import SHIPPED_BOARDS, SHIPPED_CARDS, parse_board, parse_cards, shipped_text
from deckhand.play.records import GameRecord, replay
from deckhand.play.runner import random_playout
from deckhand.web.app import build_table
from deckhand.web.guard import web_agent
from deckhand.web.wire import NewTable, first_problem

Feed = Callable[[Any], object]


class FuzzFailure(AssertionError):
    """An input broke the contract."""


@dataclass
class Target:
    """One parser or loader: valid examples to start from and the function that reads an input."""

    name: str
    corpus: list[Any]
    feed: Feed
    json_like: bool = False
    """Inputs are JSON-like data (mutated as trees), not text."""


# -- mutations ------------------------------------------------------------------

ODD_TEXT = [
    "²",
    "٣",
    "-1",
    "0",
    "99999999999",
    "9" * 400,
    "",
    " ",
    "\x00",
    "{",
    "}",
    "[",
    "]",
    "=",
    ".",
    ",",
    "JK",
    "??",
]
ODD_VALUES: list[Any] = [
    None,
    True,
    -1,
    0,
    2**70,
    1.5,
    float("inf"),
    "",
    "x",
    "²",
    [],
    {},
    [None],
    {"a": None},
    "9" * 400,
]


class _Unshowable:
    """A value whose ``repr``, ``str`` and ``==`` all fail."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no ==")

    __hash__ = None  # type: ignore[assignment]


ODD_TYPES: list[Any] = [
    None,
    True,
    b"x",
    bytearray(b"SA"),
    10**100,
    -(10**100),
    10**5000,
    float("nan"),
    float("inf"),
    -float("inf"),
    1.5,
    complex(1, 1),
    [[1]],
    [[[]]],
    [None],
    ["SA", ["H9"]],
    {"a": [1]},
    set(),
    (),
    object(),
    _Unshowable(),
    "",
    "\x00",
    "a\nb",
    "9" * 5000,
    "/dev/zero",
    "/dev/stdin",
    "/",
    ".",
]
"""Python values of every type, wrong for every option (and game name) in some way: a ``ConfigError`` each."""


def mutate_text(text: str, rng: random.Random) -> str:
    """A few edits: characters replaced, inserted or deleted, tokens doubled, odd tokens spliced in."""
    chars = list(text)
    for _ in range(1 + int(rng.random() * 3)):
        kind = rng.randrange(6)
        at = rng.randrange(len(chars) + 1)
        if kind == 0 and chars:
            del chars[min(at, len(chars) - 1)]
        elif kind == 1:
            chars[at:at] = list(rng.choice(ODD_TEXT))
        elif kind == 2 and chars:
            chars[min(at, len(chars) - 1)] = chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)]))
        elif kind == 3 and chars:
            end = min(len(chars), at + rng.randrange(1, 12))
            chars[at:at] = chars[at:end]
        elif kind == 4:
            words = "".join(chars).split(" ")
            rng.shuffle(words)
            chars = list(" ".join(words))
        else:
            chars[at:at] = list(str(rng.choice([rng.randrange(-3, 12), 10 ** rng.randrange(1, 30)])))
    return "".join(chars)


def mutate_json(data: Any, rng: random.Random) -> Any:
    """A copy with one to three leaves or branches replaced by odd values, or removed."""
    data = copy.deepcopy(data)
    for _ in range(1 + int(rng.random() * 3)):
        data = _mutate_once(data, rng)
    return data


def _mutate_once(node: Any, rng: random.Random) -> Any:
    if isinstance(node, dict) and node and rng.random() < 0.8:
        key = rng.choice(list(node))
        if rng.random() < 0.15:
            del node[key]
        else:
            node[key] = _mutate_once(node[key], rng)
        return node
    if isinstance(node, list) and node and rng.random() < 0.8:
        i = rng.randrange(len(node))
        roll = rng.random()
        if roll < 0.15:
            del node[i]
        elif roll < 0.3:
            node.insert(i, copy.deepcopy(node[i]))
        else:
            node[i] = _mutate_once(node[i], rng)
        return node
    if isinstance(node, str) and rng.random() < 0.5:
        return mutate_text(node, rng)
    return copy.deepcopy(rng.choice(ODD_VALUES))


def mutate(target: Target, example: Any, rng: random.Random) -> Any:
    return mutate_json(example, rng) if target.json_like else mutate_text(example, rng)


# -- checking one input ---------------------------------------------------------------


def check(target: Target, value: Any) -> None:
    """Feed ``value``; ``FuzzFailure`` unless it is accepted or refused with a one-line DeckhandError."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a short deck's warning is an answer, not a failure
            target.feed(value)
    except DeckhandError as exc:
        message = str(exc)
        if "\n" in message or len(message) > 400:
            raise FuzzFailure(f"{target.name}: a message of {len(message)} characters or several lines") from exc
    except FuzzFailure:
        raise
    except Exception as exc:  # the failure being looked for
        raise FuzzFailure(f"{target.name}: {type(exc).__name__}: {exc!s:.200} for {value!r:.200}") from exc


# -- the targets -------------------------------------------------------------------------


def _positions(name: str, count: int = 4) -> list[State]:
    """A few positions of a game: the start and some way into seeded random games."""
    game = load_game(name)
    out = [game.new_initial_state()]
    for seed in range(count):
        state = game.new_initial_state()
        rng = random.Random(seed)
        for _ in range(5 + 9 * seed):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            state.apply_action(state.sample_chance_outcome(rng) if state.is_chance_node() else rng.choice(actions))
        out.append(state)
    return out


def _notation(name: str) -> Target:
    states = _positions(name)
    corpus = sorted({s.action_to_string(a) for s in states if not s.is_terminal() for a in s.legal_actions()})

    def feed(text: str) -> None:
        for state in states:
            if state.is_terminal():
                continue
            try:
                action = state.string_to_action(text)
            except DeckhandError:
                continue
            try:
                require_legal(state, action)  # words only for a move the rules allow: never another exception
                presentation_of(state.game).describe_action(state, action)
            except IllegalActionError:
                continue
            copy = state.clone()
            try:
                copy.apply_action(action)
            except IllegalActionError:
                continue  # read, then refused by the rules: nothing changed
            if action not in state.legal_actions():
                raise FuzzFailure(f"notation/{name}: {text!r} played {action!r}, which is not legal here")

    return Target(f"notation/{name}", corpus or ["x"], feed)


def _options(name: str) -> Target:
    game = load_game(name)
    corpus = [" ".join(f"{k}={_option_text(v)}" for k, v in game.options.items() if v is not None)]

    def feed(text: str) -> None:
        load_game(name, **parse_options(text.split()))

    return Target(f"options/{name}", corpus, feed)


def _option_text(value: Any) -> str:
    return ",".join(map(str, value)) if isinstance(value, list) else str(value)


def _option_values(name: str) -> Target:
    game = load_game(name)

    def feed(options: Any) -> None:
        if isinstance(options, dict) and all(isinstance(k, str) for k in options):
            load_game(name, **options)

    return Target(f"option-values/{name}", [dict(game.options)], feed, json_like=True)


def _state_json(name: str) -> Target:
    states = _positions(name, 2)
    game = states[0].game

    def feed(data: Any) -> None:
        game.state_from_json(data)

    return Target(f"state-json/{name}", [s.to_json() for s in states], feed, json_like=True)


def _record(name: str) -> Target:
    game = load_game(name)
    final = random_playout(game.new_initial_state(), random.Random(1))
    record = GameRecord.from_state(final, seats=["random"] * game.num_players)

    def feed(data: Any) -> None:
        replay(GameRecord.from_json(data))

    return Target(f"record/{name}", [record.to_json()], feed, json_like=True)


def _record_text() -> Target:
    game = load_game("basra")
    final = random_playout(game.new_initial_state(), random.Random(2))
    text = GameRecord.from_state(final, seats=["random", "random"]).dumps()
    return Target("record-text", [text], lambda t: GameRecord.loads(t, source="record"))


def _casino_save() -> Target:
    game = load_game("casino")
    assert isinstance(game, CasinoGame)
    corpus = []
    for state in _positions("casino", 6):
        try:
            corpus.append(state.to_save())  # type: ignore[attr-defined]
        except DeckhandError:
            continue  # not before a player's turn
    return Target("casino-save", corpus, lambda text: game.state_from_save(text))


def _board() -> Target:
    return Target("board-file", [shipped_text(f) for f in SHIPPED_BOARDS.values()], parse_board)


def _cards() -> Target:
    return Target("card-file", [shipped_text(f) for f in SHIPPED_CARDS.values()], parse_cards)


def _deck(name: str) -> Target:
    codes = " ".join(load_game(name).all_cards()[:12])
    return Target(f"deck/{name}", [codes], lambda text: load_game(name, deck=text.split()))


def _advisor() -> Target:
    lines = ["+", "x0 6", "+", "- q", "n", "+ 5", "x1 8", "show", "undo", "? 10", "s1 0.2 5", ".", "w1.2 0.3", "p0.1 9"]

    def feed(text: str) -> None:
        session = Advisor(Tracker(players=3, first=1, known=["3", "rk"]), io.StringIO(), playouts=10, seed=1)
        for line in text.split("|"):
            if line.strip().split(" ")[0].lower() in ("save", "load", "quit", "exit"):
                continue
            session.handle(line)

    return Target("advisor", ["|".join(lines)], feed)


def _web_table(name: str) -> Target:
    """``POST /api/tables`` bodies, read and built as the server does (without HTTP, without a store)."""
    game = load_game(name)
    preset = next(iter(game.PRESETS), None)
    options = {k: v for k, v in game.options.items() if k != "preset" and v is not None}
    rest = ["easy"] * (game.num_players - 2)
    alone = {"game": name, "preset": preset, "options": options, "seats": ["human", "hard", *rest], "seed": 7}
    stacked = {**alone, "options": {**options, "deck": list(game.all_cards()[:3])}}
    people = {
        "game": name,
        "preset": preset,
        "options": options,
        "seats": ["human", "open", *rest],
        "names": ["Ann", None],
        "stand_in": "medium",
        "away": 30,
        "public": False,
    }

    def feed(body: Any) -> None:
        try:
            request = NewTable.model_validate(body)
        except ValidationError as exc:  # the server answers it with one line, as here
            raise ConfigError(first_problem(exc.errors())) from None
        build_table(request)

    return Target(f"web-table/{name}", [alone, stacked, people], feed, json_like=True)


def _web_agent(name: str) -> Target:
    """Agent specs for a seat from the web: a level, or an agent within the caps, else one line."""
    game = load_game(name)
    corpus = [*game.LEVELS, *game.LEVELS.values(), "ismcts:seconds=0.5,iterations=300,c=0.7", "random"]
    return Target(f"web-agent/{name}", corpus, lambda text: web_agent(text, game))


def targets() -> list[Target]:
    """Every parser and loader, with a corpus of valid inputs to mutate."""
    out: list[Target] = []
    for name in games():
        out += [_notation(name), _options(name), _option_values(name), _state_json(name), _record(name), _deck(name)]
        out += [_web_table(name), _web_agent(name)]
    out += [_record_text(), _casino_save(), _board(), _cards(), _advisor()]
    return [t for t in out if t.corpus]


def run(target: Target, inputs: int, rng: random.Random) -> tuple[dict[str, int], dict[str, str]]:
    """Feed ``inputs`` mutated inputs: the failures counted by kind, and the first of each kind in words."""
    failures: dict[str, int] = {}
    examples: dict[str, str] = {}
    for _ in range(inputs):
        value = mutate(target, rng.choice(target.corpus), rng)
        try:
            check(target, value)
        except FuzzFailure as exc:
            kind = type(exc.__cause__).__name__ if exc.__cause__ is not None else "accepted"
            failures[kind] = failures.get(kind, 0) + 1
            examples.setdefault(kind, f"{exc} <- {dumps(value)}")
    return failures, examples


def dumps(value: Any) -> str:
    """An input as a line, for reports."""
    return value if isinstance(value, str) else json.dumps(value)[:300]
