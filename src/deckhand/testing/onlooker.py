"""A spectator is shown only what an onlooker at the table has seen: the check every game passes.

What an onlooker knows is not taken from the public view (that is what is
checked) nor from what the seats know (a card every seat has peeked is still
hidden from the table), but from the rules: the onlooker is told what
everyone is told of each action (who acts, a move's notation and words, the
game's announcements; a chance outcome's card only by an announcement), and
it sees the cards at the game's ``FACE_UP`` places, and every hand once the
game is over. A card named or face up once counts as seen for good.

:func:`check_spectator` plays a seeded game, then plays it again with every
card no onlooker has yet seen dealt otherwise (the chance steps' cards
relabelled, the moves the same). Where the second game tells the table the
same things, an onlooker cannot tell the two apart, so their public views
must be identical. A relabelling that tells the table something else (a
move that is no longer legal, an answer that changes) proves nothing and is
tried again keeping ranks; the report counts the positions compared.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from deckhand.core.errors import DeckhandError
from deckhand.core.protocol import Action, Game, State
from deckhand.core.turns import CHANCE, TERMINAL
from deckhand.testing.secrets import Onlooker, SecretLeak, told_to_all

Told = tuple[str, ...]


@dataclass
class SpectatorReport:
    """What one :func:`check_spectator` game compared."""

    positions: int = 0
    """Positions whose public view was compared with that of a game the table cannot tell apart."""
    seat_secrets: int = 0
    """Of those, positions where a card some seat knew, and no onlooker, was dealt otherwise."""
    shared_secrets: int = 0
    """Of those, positions where a card known to every seat and to no onlooker was dealt otherwise."""
    unmatched: int = 0
    """Positions no relabelling could reach telling the table the same (nothing compared there)."""

    def __iadd__(self, other: SpectatorReport) -> SpectatorReport:
        self.positions += other.positions
        self.seat_secrets += other.seat_secrets
        self.shared_secrets += other.shared_secrets
        self.unmatched += other.unmatched
        return self


@dataclass
class _Game:
    """One seeded game as the check keeps it: per action, its notation and what the table was told;
    per position, what an onlooker had seen there and the views' JSON."""

    chance: list[bool]
    notation: list[str]
    actions: list[Action]
    told: list[Told]
    seen: list[frozenset[str]]
    public: list[str]
    seats: list[list[Any]]


def _play(game: Game, seed: int, uniform: float) -> _Game:
    """Play the seeded game: chance by its odds, a share ``uniform`` of the moves uniformly, the rest by
    the game's playout policy (a uniform Cambio player calls "cambio" half its turns: nothing gets peeked)."""
    rng = random.Random(seed)
    names = [f"Seat {seat}" for seat in range(game.num_players)]
    record = _Game([], [], [], [], [], [], [])
    state = game.new_initial_state()
    onlooker = Onlooker(game)
    while True:
        onlooker.look(state)
        record.seen.append(frozenset(onlooker.cards))
        record.public.append(json.dumps(state.public_view().to_json(), sort_keys=True))
        record.seats.append([state.view(seat).to_json() for seat in range(game.num_players)])
        player = state.current_player()
        if player == TERMINAL:
            return record
        if player == CHANCE:
            action = state.sample_chance_outcome(rng)
        elif rng.random() >= uniform:
            action = state.rollout_action(rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        told = told_to_all(state, action, names)
        onlooker.hear(told)
        record.chance.append(player == CHANCE)
        record.notation.append(state.action_to_string(action))
        record.actions.append(action)
        record.told.append(told)
        state.apply_action(action)


def relabelling(game: Game, fixed: frozenset[str], rng: random.Random, *, keep_ranks: bool) -> dict[str, str]:
    """A random relabelling of the cards not in ``fixed`` (single copies only; ranks kept if asked)."""
    count = Counter(game.all_cards())
    free = sorted(code for code, n in count.items() if n == 1 and code not in fixed)
    groups: dict[str, list[str]] = {}
    for code in free:
        groups.setdefault(code[1:] if keep_ranks else "", []).append(code)
    out: dict[str, str] = {}
    for group in groups.values():
        shuffled = group[:]
        rng.shuffle(shuffled)
        out.update(zip(group, shuffled, strict=True))
    return out


def differences(a: Any, b: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any, Any]]:
    """Where two JSON trees differ: (path, value in ``a``, value in ``b``), in document order."""
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        for key in a:
            yield from differences(a[key], b[key], (*path, key))
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            yield from differences(x, y, (*path, i))
    elif a != b:
        yield path, a, b


def check_spectator(game: Game, seed: int, *, segments: int = 16, uniform: float = 0.2) -> SpectatorReport:
    """Play one seeded game and check that its public view shows nothing an onlooker has not seen.

    The game is cut where an onlooker sees a new card, into at most
    ``segments`` pieces; each piece is compared with a replay relabelling
    the cards an onlooker has not seen by its end. Raises
    :class:`~deckhand.testing.SecretLeak` naming the position, the place and the card.
    """
    report = SpectatorReport()
    if game.perfect_information:
        return report  # nothing is hidden: the public view is the whole state
    record = _play(game, seed, uniform)
    last = len(record.seen) - 1
    ends = [k - 1 for k in range(1, last + 1) if record.seen[k] != record.seen[k - 1]] + [last]
    ends = sorted({ends[round(i * (len(ends) - 1) / max(segments - 1, 1))] for i in range(min(segments, len(ends)))})
    rng = random.Random(seed ^ 0x0B5E)
    start = -1
    for end in ends:
        todo = list(range(start + 1, end + 1))
        for keep_ranks in (False, True):
            if todo:
                sigma = relabelling(game, record.seen[end], rng, keep_ranks=keep_ranks)
                todo = _compare(game, seed, record, sigma, todo, report)
        report.unmatched += len(todo)
        start = end
    return report


def _compare(
    game: Game, seed: int, record: _Game, sigma: dict[str, str], todo: list[int], report: SpectatorReport
) -> list[int]:
    """Replay under ``sigma`` up to the last position of ``todo``, comparing public views at those
    positions while the table is told the same; the positions left uncompared."""
    names = [f"Seat {seat}" for seat in range(game.num_players)]
    world = game.new_initial_state()
    wanted = set(todo)
    for k in range(todo[-1] + 1):
        if k in wanted:
            _compare_at(game, seed, k, record, world, report)
            wanted.discard(k)
        if k == todo[-1]:
            break
        try:
            if record.chance[k]:
                text = " ".join(sigma.get(part, part) for part in record.notation[k].split(" "))
                action = world.string_to_action(text)
            else:
                action = record.actions[k]
            if told_to_all(world, action, names) != record.told[k]:
                break
            world.apply_action(action)
        except DeckhandError:  # the relabelled card cannot come, or the move is not legal there
            break
    return sorted(wanted)


def _compare_at(game: Game, seed: int, k: int, record: _Game, world: State, report: SpectatorReport) -> None:
    report.positions += 1
    public = world.public_view().to_json()
    if json.dumps(public, sort_keys=True) != record.public[k]:
        path, real, other = next(differences(json.loads(record.public[k]), public))
        where = ".".join(map(str, path))
        raise SecretLeak(
            f"{game.name} {game.options.get('preset', '')} seed {seed} position {k}: the spectator's view "
            f"shows {real!r} at {where}, which no onlooker has seen: in a game the table cannot tell apart "
            f"it shows {other!r} there"
        )
    cards = frozenset(game.all_cards())
    common: set[tuple[Any, ...]] | None = None
    anyone = False
    for seat in range(game.num_players):
        moved = {
            path
            for path, a, b in differences(record.seats[k][seat], world.view(seat).to_json())
            if a in cards and b in cards
        }
        common = moved if common is None else common & moved
        anyone = anyone or bool(moved)
    report.seat_secrets += anyone
    report.shared_secrets += bool(common)
