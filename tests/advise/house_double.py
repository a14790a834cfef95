"""A small, slow, string-action house-rules Cambio for exercising the tracker in isolation.

It follows RULES.md §1 (house preset: 54 cards, bottom slots known, stick
windows, the caller's lock) closely enough for the tracker's tests; the real
game lives in ``deckhand.games.cambio``.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from deckhand.core.cards import CARDS, CODES, Card, Rank
from deckhand.core.errors import IllegalActionError, NotationError
from deckhand.core.protocol import CHANCE, TERMINAL, Game, State, View

DECK = [c.code for c in CARDS[:52]] + ["JK", "JK"]


def value(code: str) -> int:
    card = Card.parse(code)
    if card.rank is Rank.JOKER:
        return 0
    if card.rank is Rank.KING:
        return -1 if card.is_red else 10
    return min(card.rank.number, 10)


class HouseDouble(Game):
    name = "cambio"
    rules_version = "1"

    def __init__(self, players: int = 2) -> None:
        self.options = {"players": players, "preset": "house"}
        self.n = players

    @property
    def num_players(self) -> int:
        return self.n

    def new_initial_state(self) -> DoubleState:
        return DoubleState(self)

    def max_game_length(self) -> int:
        return 10_000

    def all_cards(self) -> list[str]:
        return list(DECK)


class DoubleState(State):
    def __init__(self, game: HouseDouble) -> None:
        self.game = game
        n = game.n
        self.hands: list[list[str | None]] = [[] for _ in range(n)]
        self.known: list[set[tuple[int, int]]] = [set() for _ in range(n)]
        self.pile = list(DECK)
        self.discard: list[str] = []
        self.drawn: str | None = None
        self.phase = "deal"
        self.turn = 0
        self.caller: int | None = None
        self.peeked: tuple[int, int] | None = None
        self.window: list[int] = []
        self.failed: set[int] = set()
        self.sticker = -1
        self.emptied: tuple[int, int] | None = None
        self.hist: list[str] = []

    # -- whose move ---------------------------------------------------------
    def current_player(self) -> int:
        if self.phase in ("deal", "draw", "penalty"):
            return CHANCE
        if self.phase == "over":
            return TERMINAL
        if self.phase in ("window",):
            return self.window[0]
        if self.phase == "give":
            return self.sticker
        return self.turn

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.current_player() != CHANCE:
            raise IllegalActionError("not a chance node")
        codes = sorted(set(self.pile))
        return [(c, self.pile.count(c) / len(self.pile)) for c in codes]

    def _slots(self, seat: int, unlocked: bool = True) -> list[tuple[int, int]]:
        if unlocked and seat == self.caller:
            return []
        return [(seat, s) for s, c in enumerate(self.hands[seat]) if c is not None]

    def legal_actions(self) -> list[Any]:
        p = self.current_player()
        if p == CHANCE:
            return [c for c, _ in self.chance_outcomes()]
        if p == TERMINAL:
            return []
        n = self.game.n
        if self.phase == "start":
            return (["cambio"] if self.caller is None else []) + ["draw"]
        if self.phase == "hold":
            return ["discard"] + [f"swap {s}" for _, s in self._slots(self.turn)]
        if self.phase == "power":
            assert self.discard
            rank = Card.parse(self.discard[-1]).rank
            out = ["skip"]
            if rank in (Rank.SEVEN, Rank.EIGHT):
                out += [f"peek {q}.{s}" for q, s in self._slots(self.turn, False)]
            elif rank in (Rank.NINE, Rank.TEN, Rank.KING):
                out += [f"peek {q}.{s}" for o in range(n) if o != self.turn for q, s in self._slots(o, False)]
            else:
                cells = [c for o in range(n) for c in self._slots(o)]
                out += [f"switch {a}.{b} {c}.{d}" for a, b in cells for c, d in cells if a < c]
            return out
        if self.phase == "king":
            assert self.peeked is not None
            if self.peeked[0] == self.caller:
                return ["skip"]
            q, s = self.peeked
            return ["skip"] + [f"switch {q}.{s} {a}.{b}" for a, b in self._slots(self.turn)]
        if self.phase == "window":
            return ["pass"] + [f"stick {q}.{s}" for o in range(n) for q, s in self._slots(o)]
        if self.phase == "give":
            return ["keep"] + [f"give {s}" for _, s in self._slots(self.sticker)]
        return []

    def action_to_string(self, action: Any) -> str:
        return str(action)

    def string_to_action(self, text: str) -> Any:
        wanted = " ".join(text.split())
        if self.current_player() == CHANCE:
            return Card.parse(wanted).code
        if wanted not in self.legal_actions():
            raise NotationError(f"{text!r} is not legal here")
        return wanted

    def apply_action(self, action: Any) -> None:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not legal now")
        self.hist.append(action)
        n = self.game.n
        if self.phase == "deal":
            self.pile.remove(action)
            seat = sum(len(h) for h in self.hands) // 4
            self.hands[seat].append(action)
            if len(self.hands[seat]) >= 3:
                self.known[seat].add((seat, len(self.hands[seat]) - 1))
            if len(self.hands[-1]) == 4:
                self.phase = "start"
            return
        if self.phase == "draw":
            self.pile.remove(action)
            self.drawn = action
            self.phase = "hold"
            return
        if self.phase == "penalty":
            self.pile.remove(action)
            self.hands[self.sticker].append(action)
            self._next_in_window()
            return
        verb, *args = action.split()
        if verb == "cambio":
            self.caller = self.turn
            self._end_turn(window=False)
        elif verb == "draw":
            self.phase = "draw"
        elif verb == "discard":
            assert self.drawn is not None
            self.discard.append(self.drawn)
            self.drawn = None
            rank = Card.parse(self.discard[-1]).rank
            powered = rank in (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN)
            if rank is Rank.KING and not Card.parse(self.discard[-1]).is_red:
                powered = True
            if powered:
                self.phase = "power"
            else:
                self._end_turn()
        elif verb == "swap":
            s = int(args[0])
            old = self.hands[self.turn][s]
            assert old is not None and self.drawn is not None
            self.hands[self.turn][s] = self.drawn
            self.drawn = None
            self.discard.append(old)
            for p in range(n):
                self.known[p].discard((self.turn, s))
            self.known[self.turn].add((self.turn, s))
            self._end_turn()
        elif verb == "skip":
            self._end_turn()
        elif verb == "peek":
            q, s = (int(x) for x in args[0].split("."))
            self.known[self.turn].add((q, s))
            if self.phase == "power" and Card.parse(self.discard[-1]).rank is Rank.KING:
                self.peeked = (q, s)
                self.phase = "king"
            else:
                self._end_turn()
        elif verb == "switch":
            a = tuple(int(x) for x in args[0].split("."))
            b = tuple(int(x) for x in args[1].split("."))
            ha, hb = self.hands[a[0]], self.hands[b[0]]
            ha[a[1]], hb[b[1]] = hb[b[1]], ha[a[1]]
            for k in self.known:
                ka, kb = a in k, b in k
                k.discard(a)
                k.discard(b)
                if ka:
                    k.add(b)  # type: ignore[arg-type]
                if kb:
                    k.add(a)  # type: ignore[arg-type]
            self._end_turn()
        elif verb == "pass":
            self._next_in_window()
        elif verb == "stick":
            q, s = (int(x) for x in args[0].split("."))
            card = self.hands[q][s]
            assert card is not None
            sticker = self.window[0]
            same = Card.parse(card).rank is Card.parse(self.discard[-1]).rank
            if same:
                self.hands[q][s] = None
                self.discard.append(card)
                for k in self.known:
                    k.discard((q, s))
                if q != sticker and self._slots(sticker):
                    self.sticker, self.emptied, self.phase = sticker, (q, s), "give"
                else:
                    self._next_turn()
            else:
                for k in self.known:
                    k.add((q, s))
                self.failed.add(sticker)
                self.sticker = sticker
                self.phase = "penalty"
                if not self.pile:
                    self._next_in_window()
        elif verb == "give":
            s = int(args[0])
            assert self.emptied is not None
            q, t = self.emptied
            self.hands[q][t] = self.hands[self.sticker][s]
            self.hands[self.sticker][s] = None
            for k in self.known:
                if (self.sticker, s) in k:
                    k.discard((self.sticker, s))
                    k.add((q, t))
            self._next_turn()
        elif verb == "keep":
            self._next_turn()

    def _end_turn(self, window: bool = True) -> None:
        n = self.game.n
        if window:
            self.window = [(self.turn + i) % n for i in range(1, n + 1)]
            self.failed = set()
            self.phase = "window"
        else:
            self._next_turn()

    def _next_in_window(self) -> None:
        self.window.pop(0)
        while self.window and self.window[0] in self.failed:
            self.window.pop(0)
        if not self.window:
            self._next_turn()
        else:
            self.phase = "window"

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.game.n
        self.window = []
        self.phase = "over" if self.turn == self.caller or not self.pile else "start"

    # -- the rest -------------------------------------------------------------
    def card_at(self, seat: int, slot: int) -> str | None:
        if slot >= len(self.hands[seat]):
            return None
        return self.hands[seat][slot]

    def clone(self) -> DoubleState:
        return copy.deepcopy(self)

    def history(self) -> list[Any]:
        return list(self.hist)

    def scores(self) -> list[float]:
        return [float(sum(value(c) for c in h if c is not None)) for h in self.hands]

    def returns(self) -> list[float]:
        scores = self.scores()
        low = min(scores)
        winners = [p for p, s in enumerate(scores) if s == low]
        if self.caller in winners and len(winners) > 1:
            winners.remove(self.caller)
        return [1 / len(winners) if p in winners else 0.0 for p in range(self.game.n)]

    def view(self, player: int) -> DoubleView:
        return DoubleView(self, player)

    def cards(self) -> list[str]:
        return [c for h in self.hands for c in h if c] + self.pile + self.discard + ([self.drawn] if self.drawn else [])


class DoubleView(View):
    def __init__(self, state: DoubleState, player: int) -> None:
        self.s = state.clone()
        self.game = state.game
        self.player = player

    def current_player(self) -> int:
        return self.s.current_player()

    def legal_actions(self) -> list[Any]:
        return self.s.legal_actions() if self.s.current_player() == self.player else []

    def action_to_string(self, action: Any) -> str:
        return str(action)

    def string_to_action(self, text: str) -> Any:
        return self.s.string_to_action(text)

    def to_json(self) -> dict[str, Any]:
        s, p = self.s, self.player
        hands = [
            [None if c is None else (c if (q, i) in s.known[p] else "??") for i, c in enumerate(h)]
            for q, h in enumerate(s.hands)
        ]
        drawn = s.drawn if (s.drawn and s.turn == p) else ("??" if s.drawn else None)
        return {"hands": hands, "discard": list(s.discard), "caller": s.caller, "drawn": drawn,
                "phase": s.phase, "turn": s.turn, "window": list(s.window), "pile": len(s.pile),
                "current_player": s.current_player()}

    def sample_world(self, rng: random.Random) -> DoubleState:
        world = self.s.clone()
        p = self.player
        spots = [(q, i) for q, h in enumerate(world.hands) for i, c in enumerate(h)
                 if c is not None and (q, i) not in world.known[p]]
        hidden = [world.hands[q][i] for q, i in spots] + world.pile
        drawn_hidden = world.drawn is not None and world.turn != p
        if drawn_hidden:
            hidden.append(world.drawn)
        rng.shuffle(hidden)
        for q, i in spots:
            world.hands[q][i] = hidden.pop()
        if drawn_hidden:
            world.drawn = hidden.pop()
        world.pile = [c for c in hidden if c is not None]
        return world


assert CODES
