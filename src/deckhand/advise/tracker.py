"""The table tracker: a real Cambio game replayed through the game's public protocol.

Chance is explicit in deckhand, so a game is a pure function of its action
history. The tracker keeps that history as a list of steps. A card you saw
is a chance step with a real card; a card you did not see (another seat's
draw, the cards dealt face down) gets a *placeholder*: some card that is
still in the pile. Later, when a card comes face up at a position (a
discard, your peek, a stick), the tracker *pins* it: if the position holds a
placeholder of another rank, the hidden step that put it there gets the real
card and whichever hidden step held that card gets the displaced placeholder.
Your view is unchanged by trading cards you cannot see, so the history stays
consistent; every such change is checked by replaying the whole history,
including every earlier pin. Input that cannot be true is refused and leaves
the tracker as it was.

Seats: you are table seat 0 and the others count on from you; the game
numbers seats from the first player (``--first``), so table seat ``t`` is
game seat ``(t - first) % players``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from deckhand.advise.commands import CardSpec, Move, parse_card, short_form
from deckhand.core.errors import ConfigError, DeckhandError, IllegalActionError, NotationError, quote
from deckhand.core.protocol import Game, State, View
from deckhand.core.registry import load_game


class TrackerError(DeckhandError):
    """Table input that cannot be true now; the tracker is unchanged."""


@dataclass(frozen=True)
class Step:
    """One action of the game's history, in game notation (game seats)."""

    text: str
    chance: bool = False
    hidden: bool = False
    """A chance card nobody told the tracker: a placeholder it may trade."""
    pins: tuple[tuple[int, int, str], ...] = ()
    """(game seat, slot, card code) that must hold just before this step."""


@dataclass
class Entry:
    """One accepted command: what was typed and the steps it added."""

    text: str
    start: int
    notes: list[str] = field(default_factory=list)


class _Conflict(Exception):
    """A replay that breaks a pin or a rule: that assignment of hidden cards is impossible."""


_SNAP_EVERY = 24

_POSITION = re.compile(r"\b([0-9]{1,9})\.([0-9]{1,9})\b")


def card_at(state: State, seat: int, slot: int) -> str | None:
    """The code of the card at ``seat.slot`` of a full state (``None`` for an emptied slot).

    Uses the game's ``card_at`` when it has one (fast); otherwise the
    ``hands`` field of ``to_json`` (docs/architecture.md, JSON fields relied on).
    """
    fast: Callable[[int, int], str | None] | None = getattr(state, "card_at", None)
    if fast is not None:
        return fast(seat, slot)
    hands = state.to_json()["hands"]
    if seat >= len(hands) or slot >= len(hands[seat]):
        return None
    code = hands[seat][slot]
    return None if code is None else str(code)


class Tracker:
    """A Cambio game as seen from table seat 0, fed one table event at a time.

    >>> t = Tracker(players=2, first=0, known=["3", "rk"])
    >>> t.apply_move(Move("draw", card=parse_card("7"), close=True))
    ['draw', '7']
    """

    def __init__(
        self,
        *,
        players: int,
        first: int = 0,
        known: Sequence[str | CardSpec],
        preset: str = "house",
        options: Mapping[str, Any] | None = None,
        game: Game | None = None,
    ) -> None:
        if not 0 <= first < players:
            raise ConfigError(f"--first {first}: seats are 0 to {players - 1}")
        if game is None:
            game = load_game("cambio", preset=preset, players=players, **dict(options or {}))
        self.game: Game = game
        self.deck = Counter(game.all_cards())
        self.players = players
        self.first = first
        self.me = (-first) % players
        self.known = [parse_card(k) if isinstance(k, str) else k for k in known]
        self.steps: list[Step] = []
        self.entries: list[Entry] = []
        self._undo: list[tuple[list[Step], State]] = []
        self._snaps: list[tuple[int, State]] | None = None
        work = _Work(self, [], self.game.new_initial_state())
        known_left = list(self.known)
        seen = 0
        while work.state.is_chance_node():
            if work.visible():
                seen += 1
                work.chance(known_left.pop(0) if known_left else None)
            else:
                work.chance(None)
        if seen != len(self.known):
            raise ConfigError(f"--bottom: you see {seen} cards at the deal, not {len(self.known)}")
        self.steps, self.state = work.steps, work.state

    # -- seats ------------------------------------------------------------
    def game_seat(self, table_seat: int) -> int:
        if not 0 <= table_seat < self.players:
            raise TrackerError(f"seat {table_seat}: seats are 0 to {self.players - 1}")
        return (table_seat - self.first) % self.players

    def table_seat(self, game_seat: int) -> int:
        return (game_seat + self.first) % self.players

    def to_table(self, notation: str) -> str:
        """Game notation with table seats (``switch 1.2 0.3``)."""
        return _POSITION.sub(lambda m: f"{self.table_seat(int(m.group(1)))}.{m.group(2)}", notation)

    def to_game(self, notation: str) -> str:
        return _POSITION.sub(lambda m: f"{self.game_seat(int(m.group(1)))}.{m.group(2)}", notation)

    # -- what you know ----------------------------------------------------
    def view(self) -> View:
        """Your view of the table: exactly what you know."""
        return self.state.view(self.me)

    def to_move(self) -> int | None:
        """The table seat to move, or ``None`` when the game is over."""
        player = self.state.current_player()
        return self.table_seat(player) if player >= 0 else None

    def in_deck(self, spec: CardSpec) -> None:
        """Refuse a card this game's deck does not hold (a joker in the classic deck)."""
        if not any(self.deck[code] for code in spec.codes):
            raise TrackerError(f"there is no {spec.label} in this game's deck")

    def in_stick_window(self) -> bool:
        """Whether the seat to move is deciding to stick or pass."""
        return _has(self.state, "pass")

    def decision(self) -> tuple[View | None, str]:
        """Your view at your next decision, and a note; ``None`` when it is not yours to take.

        In a stick window the seats before you are assumed to pass.
        """
        if self.state.is_terminal():
            return None, "the game is over"
        state = self.state.clone()
        note = ""
        while state.current_player() != self.me:
            if not _has(state, "pass"):
                return None, f"seat {self.table_seat(state.current_player())} is to move; advice is for your moves"
            note = "assuming the seats before you in the stick window pass"
            state.apply_action(state.string_to_action("pass"))
            if state.is_chance_node() or state.is_terminal():
                return None, "the stick window closes before your turn in it"
        return state.view(self.me), note

    # -- input ------------------------------------------------------------
    def apply_move(self, move: Move, text: str = "") -> list[str]:
        """Play one table event; returns what happened in table notation.

        Raises :class:`TrackerError`, ``NotationError`` or ``IllegalActionError``
        with a message, and changes nothing, when the event cannot be true now.
        """
        if self.state.is_terminal():
            raise TrackerError("the game is over (undo to change the last event)")
        work = _Work(self, list(self.steps), self.state.clone())
        work._snaps = None if self._snaps is None else list(self._snaps)
        try:
            _PLAYS[move.verb](work, move)
        except _Conflict as exc:
            raise TrackerError(str(exc)) from None
        self._undo.append((self.steps, self.state))
        self.entries.append(Entry(text or move.verb, len(self.steps), work.notes))
        self.steps, self.state, self._snaps = work.steps, work.state, work._snaps
        return work.notes

    def undo(self) -> str:
        """Take back the last command; returns what it was."""
        if not self._undo:
            raise TrackerError("nothing to undo")
        self.steps, self.state = self._undo.pop()
        self._snaps = None
        return self.entries.pop().text

    def history(self) -> list[tuple[str, list[str]]]:
        """Each command as typed and what it did, in table notation."""
        return [(e.text, e.notes) for e in self.entries]

    def card_label(self, code: str) -> str:
        return short_form(code)


def _has(state: State, notation: str) -> bool:
    """Whether ``notation`` is a legal action now (in the game's canonical spelling)."""
    if state.current_player() < 0:
        return False
    try:
        action = state.string_to_action(notation)
    except (NotationError, IllegalActionError):
        return False
    return action in state.legal_actions()


class _Work:
    """A command in progress: a private copy of the history and the live state."""

    def __init__(self, tracker: Tracker, steps: list[Step], state: State) -> None:
        self.t = tracker
        self.steps = steps
        self.state = state
        self.pending: list[tuple[int, int, str]] = []
        self.notes: list[str] = []
        self._snaps: list[tuple[int, State]] | None = None

    # -- replay -----------------------------------------------------------
    def replay(self, steps: list[Step], start: int = 0) -> State:
        """Replay ``steps`` checking every pin; only the part from ``start`` on may differ from ``self.steps``."""
        index, state = 0, None
        for at, snap in self.snapshots():
            if at <= start:
                index, state = at, snap
        state = self.t.game.new_initial_state() if state is None else state.clone()
        for step in steps[index:]:
            for seat, slot, code in step.pins:
                if card_at(state, seat, slot) != code:
                    raise _Conflict(f"{seat}.{slot} is not {code}")
            try:
                state.apply_action(state.string_to_action(step.text))
            except (NotationError, IllegalActionError) as exc:
                raise _Conflict(str(exc)) from None
        return state

    def snapshots(self) -> list[tuple[int, State]]:
        """States of the current history every few dozen steps, so a trade replays only its tail."""
        if self._snaps is None:
            self._snaps = [(0, self.t.game.new_initial_state())]
        last, state = self._snaps[-1]
        if last + _SNAP_EVERY <= len(self.steps):
            state = state.clone()
            for k in range(last, len(self.steps)):
                state.apply_action(state.string_to_action(self.steps[k].text))
                if (k + 1) % _SNAP_EVERY == 0:
                    self._snaps.append((k + 1, state.clone()))
        return self._snaps

    def hidden_steps(self, code: str) -> Iterator[int]:
        for i, step in enumerate(self.steps):
            if step.hidden and step.text == code:
                yield i

    def try_trades(self, trades: list[list[tuple[int, str]]], accept: Callable[[State], bool]) -> bool:
        """Try each set of (step, new card) changes in turn; keep the first that replays and passes ``accept``."""
        before = self.state.view(self.t.me).to_json()
        for trade in trades:
            steps = list(self.steps)
            for i, code in trade:
                steps[i] = Step(code, True, True, steps[i].pins)
            start = min(i for i, _ in trade)
            try:
                state = self.replay(steps, start)
            except _Conflict:
                continue
            if accept(state) and state.view(self.t.me).to_json() == before:
                self.steps, self.state = steps, state
                assert self._snaps is not None
                self._snaps = [(at, snap) for at, snap in self._snaps if at <= start]
                return True
        return False

    # -- chance -------------------------------------------------------------
    def visible(self) -> bool:
        """Whether you see the card this chance node deals (two outcomes give you different views)."""
        codes = sorted({self.state.action_to_string(a) for a, _ in self.state.chance_outcomes()})
        if len(codes) < 2:
            return False
        children = [self.state.child(self.state.string_to_action(c)) for c in codes[:2]]
        if children[0].is_terminal():
            return False  # every card turns over at the end: nobody has to type them for the game to be over
        return children[0].view(self.t.me).to_json() != children[1].view(self.t.me).to_json()

    def outcome_codes(self) -> list[str]:
        return [self.state.action_to_string(a) for a, _ in self.state.chance_outcomes()]

    def chance(self, spec: CardSpec | None) -> str:
        """Resolve the chance node: the card you saw, or a placeholder you may trade later."""
        if spec is None:
            rng = random.Random(len(self.steps))
            code = self.state.action_to_string(self.state.sample_chance_outcome(rng))
            self.push(code, chance=True, hidden=True)
            return code
        code = self.free_card(spec)
        self.push(code, chance=True)
        return code

    def free_card(self, spec: CardSpec) -> str:
        """A card of ``spec`` that the chance node can deal, trading a placeholder out if need be."""
        self.t.in_deck(spec)
        for code in spec.codes:
            if code in self.outcome_codes():
                return code
        trades: list[list[tuple[int, str]]] = []
        for code in spec.codes:
            for j in self.hidden_steps(code):
                trades.extend([(j, other)] for other in sorted(set(self.outcome_codes())) if other not in spec.codes)
        if trades and self.try_trades(trades, lambda s: any(c in spec.codes for c in self._codes_of(s))):
            return next(c for c in spec.codes if c in self.outcome_codes())
        raise _Conflict(f"no {spec.label} can be drawn: every one is accounted for")

    def _codes_of(self, state: State) -> list[str]:
        return [state.action_to_string(a) for a, _ in state.chance_outcomes()]

    def settle(self) -> None:
        """Deal placeholders at chance nodes you do not see (penalty cards, others' draws)."""
        while self.state.is_chance_node():
            if self.visible():
                raise TrackerError("you see the next card: say which it is")
            self.chance(None)

    # -- pins -----------------------------------------------------------------
    def pin(self, seat: int, slot: int, spec: CardSpec) -> str:
        """Make the card at game ``seat.slot`` one that ``spec`` allows, and pin it there."""
        where = f"{self.t.table_seat(seat)}.{slot}"
        self.t.in_deck(spec)
        current = card_at(self.state, seat, slot)
        if current is None:
            raise TrackerError(f"{where} holds no card")
        if not spec.matches(current):
            seen = self.seen(seat, slot)
            if seen is not None:
                raise TrackerError(f"you know {where} is {short_form(seen)}, so it cannot be {spec.label}")
            trades = self.trades(list(self.hidden_steps(current)), current, spec)

            def there(state: State) -> bool:
                return spec.matches(card_at(state, seat, slot) or "")

            if not self.try_trades(trades, there):
                raise TrackerError(f"{where} cannot be {spec.label}: every {spec.label} is accounted for")
            current = card_at(self.state, seat, slot) or ""
        self.pending.append((seat, slot, current))
        return current

    def trades(self, origins: list[int], current: str, spec: CardSpec) -> list[list[tuple[int, str]]]:
        """Ways to give one of the hidden steps ``origins`` (now dealing ``current``) a card of ``spec``.

        A card no hidden step holds is still in the pile: taking it is tried
        first; otherwise it changes places with the step that holds it.
        """
        data = self.state.view(self.t.me).to_json()
        shown = Counter(c for hand in data["hands"] for c in hand if c not in (None, "??"))
        shown.update(data["discard"])
        plain: list[list[tuple[int, str]]] = []
        swaps: list[list[tuple[int, str]]] = []
        rest: list[list[tuple[int, str]]] = []
        for code in spec.codes:
            if shown[code] >= self.t.deck[code]:
                continue  # every copy is where you can see it
            holders = list(self.hidden_steps(code))
            for i in origins:
                (rest if holders else plain).append([(i, code)])
                swaps.extend([(i, code), (j, current)] for j in holders if j != i)
        return plain + swaps + rest

    def seen(self, seat: int, slot: int) -> str | None:
        """The card you know lies at game ``seat.slot``, if you know it."""
        hands = self.state.view(self.t.me).to_json()["hands"]
        code = hands[seat][slot] if slot < len(hands[seat]) else None
        return None if code in (None, "??") else str(code)

    def drawn_step(self) -> int:
        """The index of the chance step that dealt the card in hand."""
        for i in range(len(self.steps) - 1, -1, -1):
            if self.steps[i].chance:
                return i
        raise TrackerError("no card has been drawn")

    def pin_drawn(self, spec: CardSpec) -> None:
        """The card in hand (another seat's draw) turned out to be ``spec``."""
        self.t.in_deck(spec)
        i = self.drawn_step()
        step = self.steps[i]
        if spec.matches(step.text):
            self.steps[i] = Step(step.text, True, False, step.pins)
            return
        if not step.hidden:
            raise TrackerError(f"the drawn card is {short_form(step.text)}, not {spec.label}")
        current = step.text
        if not self.try_trades(self.trades([i], current, spec), lambda s: True):
            raise TrackerError(f"the drawn card cannot be {spec.label}: every {spec.label} is accounted for")
        self.steps[i] = Step(self.steps[i].text, True, False, self.steps[i].pins)

    # -- actions ----------------------------------------------------------
    def push(self, text: str, *, chance: bool = False, hidden: bool = False) -> None:
        try:
            action = self.state.string_to_action(text)
            text = self.state.action_to_string(action)
            self.state.apply_action(action)
        except (NotationError, IllegalActionError) as exc:
            raise TrackerError(self.t.to_table(str(exc))) from None
        step = Step(text, chance, hidden, tuple(self.pending))
        self.pending = []
        self.steps.append(step)
        if chance:
            self.notes.append("??" if hidden else short_form(text))
        else:
            self.notes.append(self.t.to_table(text))

    def act(self, notation: str) -> None:
        """A player action in game notation."""
        self.check(notation)
        self.push(notation)

    def check(self, notation: str) -> None:
        """Refuse an action that is not legal now, naming who is to move and what they may do."""
        if not _has(self.state, notation):
            mover = self.state.current_player()
            who = f"seat {self.t.table_seat(mover)}" if mover >= 0 else "nobody"
            raise TrackerError(
                f"{quote(self.t.to_table(notation), 40)} is not legal now ({who} to move: {self.summary()})"
            )

    def summary(self) -> str:
        """The legal actions, one example per verb (``skip, switch 0.0 1.0 ...``)."""
        examples: dict[str, list[str]] = {}
        for action in self.state.legal_actions():
            text = self.t.to_table(self.state.action_to_string(action))
            examples.setdefault(text.split()[0], []).append(text)
        return ", ".join(v[0] + (" ..." if len(v) > 1 else "") for v in examples.values()) or "nothing"

    def mover(self) -> int:
        player = self.state.current_player()
        if player < 0:
            raise TrackerError("the game is over" if self.state.is_terminal() else "nobody is to move")
        return player

    def close_window(self) -> bool:
        """The advisor README's ``+`` and ``c``: all still in the stick window pass; ``False`` if that ends the game."""
        while _has(self.state, "pass"):
            self.act("pass")
        return not self.state.is_terminal()

    def require_seen(self, seat: int, slot: int, spec: CardSpec | None, what: str) -> None:
        if spec is not None:
            self.pin(seat, slot, spec)
        elif self.seen(seat, slot) is None:
            raise TrackerError(f"which card {what}? e.g. add '7'")


def _draw(work: _Work, move: Move) -> None:
    if move.close and not work.close_window():
        return  # the last stick window closed: the game is over
    mover = work.mover()
    work.act("draw")
    if move.card is None:
        work.settle()
        return
    work.chance(move.card)
    if mover != work.t.me:
        work.notes[-1] = "shown " + work.notes[-1]


def _discard(work: _Work, move: Move) -> None:
    work.check("discard")
    if move.card is not None:
        work.pin_drawn(move.card)
    elif work.steps[work.drawn_step()].hidden:
        raise TrackerError("which card was discarded? e.g. '- 7'")
    work.act("discard")
    work.settle()


def _swap(work: _Work, move: Move) -> None:
    assert move.slot is not None
    work.check(f"swap {move.slot}")
    work.require_seen(work.mover(), move.slot, move.card, f"came out of slot {move.slot}")
    work.act(f"swap {move.slot}")
    work.settle()


def _peek(work: _Work, move: Move) -> None:
    assert move.pos is not None
    seat, slot = work.t.game_seat(move.pos[0]), move.pos[1]
    work.check(f"peek {seat}.{slot}")
    if work.mover() == work.t.me:
        work.require_seen(seat, slot, move.card, f"did you see at {move.pos[0]}.{slot}")
    elif move.card is not None:
        raise TrackerError("only the seat that peeks sees the card; leave the card out")
    work.act(f"peek {seat}.{slot}")
    work.settle()


def _switch(work: _Work, move: Move) -> None:
    assert move.pos is not None and move.pos2 is not None
    a = f"{work.t.game_seat(move.pos[0])}.{move.pos[1]}"
    b = f"{work.t.game_seat(move.pos2[0])}.{move.pos2[1]}"
    work.act(
        f"switch {a} {b}"
        if _has(work.state, f"switch {a} {b}") or not _has(work.state, f"switch {b} {a}")
        else f"switch {b} {a}"
    )
    work.settle()


def _stick(work: _Work, move: Move) -> None:
    assert move.pos is not None
    seat, slot = work.t.game_seat(move.pos[0]), move.pos[1]
    if move.seat is not None:
        sticker = work.t.game_seat(move.seat)
        while work.state.current_player() != sticker and _has(work.state, "pass"):
            work.act("pass")
        if work.state.current_player() != sticker:
            raise TrackerError(f"seat {move.seat} cannot stick now")
    work.check(f"stick {seat}.{slot}")
    work.require_seen(seat, slot, move.card, f"was shown at {move.pos[0]}.{slot}")
    work.act(f"stick {seat}.{slot}")
    work.settle()


def _simple(work: _Work, move: Move) -> None:
    if move.close and not work.close_window():
        return
    notation = move.verb if move.slot is None else f"{move.verb} {move.slot}"
    work.act(notation)
    work.settle()


_PLAYS: dict[str, Callable[[_Work, Move], None]] = {
    "draw": _draw,
    "discard": _discard,
    "swap": _swap,
    "peek": _peek,
    "switch": _switch,
    "stick": _stick,
    "skip": _simple,
    "cambio": _simple,
    "take": _simple,
    "pass": _simple,
    "give": _simple,
    "keep": _simple,
}
