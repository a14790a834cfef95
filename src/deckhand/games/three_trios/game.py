"""Three Trios (RULES.md §2): place cards on a grid, win battles, flip the opponent's cards.

The state is a few flat int lists so that search can clone and play it fast:
``board[cell]`` is a card id (its line in the card file, from 0), ``EMPTY``
or ``HOLE``; ``owner[cell]`` is the seat owning it (or -1). An action is
``card_id * cells + cell`` with ``cell = row * cols + col``: it names the card
and not its place in the hand, so it stays the same move however the hand
is ordered and is unique across both hands.
"""

from __future__ import annotations

import random
import re
from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from deckhand.core.errors import AmbiguousActionError, ConfigError, IllegalActionError, NotationError, quote
from deckhand.core.numbers import is_whole_number
from deckhand.core.options import Option, boolean, words
from deckhand.core.protocol import CHANCE, JSON, TERMINAL, Action, FullView, Game, State, View
from deckhand.games.three_trios.files import (
    SHIPPED_BOARDS,
    SHIPPED_CARDS,
    Board,
    TrioCard,
    load_board,
    load_cards,
)

EMPTY = -1
HOLE = -2
SEATS = ("red", "blue")
NORTH, SOUTH, EAST, WEST = 0, 1, 2, 3
_OPPOSITE = (SOUTH, NORTH, WEST, EAST)
_STEPS = ((-1, 0), (1, 0), (0, 1), (0, -1))

RULE_NAMES = ("greater", "reverse", "fallen-ace", "same", "plus")
_parse_rule_words = words(RULE_NAMES, aliases={"default": "greater", "fallen_ace": "fallen-ace"})


def parse_rules(value: Any) -> list[str]:
    """The ``rules`` option: at most one of greater/reverse and of same/plus; greater if neither."""
    rules: list[str] = _parse_rule_words(value)
    if "greater" in rules and "reverse" in rules:
        raise ValueError("greater and reverse contradict each other; choose one")
    if "same" in rules and "plus" in rules:
        raise ValueError("same and plus cannot both apply; choose one")
    if "reverse" not in rules and "greater" not in rules:
        rules = ["greater", *rules]
    return rules


def _layout(value: Any) -> str:
    """A shipped name (see ``SHIPPED_BOARDS``/``SHIPPED_CARDS``) or a file path, kept as given."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected a shipped name or a file path")
    return value.strip() if value.strip() in SHIPPED_BOARDS or value.strip() in SHIPPED_CARDS else value


def place(
    game: ThreeTriosGame, board: list[int], owner: list[int], cell: int, card: int, me: int, *, combos: bool = True
) -> list[int]:
    """Put ``card`` on ``cell`` for seat ``me`` and fight its battles; the cells flipped, in order.

    Mutates ``board`` and ``owner``. The special rule (same/plus) looks at
    every occupied neighbour; the comparison and the combo flip opponent cards only.
    """
    board[cell] = card
    owner[cell] = me
    vals = game.vals
    nbrs = game.nbrs
    base = card * 4
    flipped: list[int] = []
    special = game.special
    if special:
        matches: list[int] = []
        if special == 1:
            for n, d, od in nbrs[cell]:
                other = board[n]
                if other >= 0 and vals[base + d] == vals[other * 4 + od]:
                    matches.append(n)
        else:
            groups: dict[int, list[int]] = {}
            for n, d, od in nbrs[cell]:
                other = board[n]
                if other >= 0:
                    groups.setdefault(vals[base + d] + vals[other * 4 + od], []).append(n)
            matches = [n for group in groups.values() if len(group) >= 2 for n in group]
        if len(matches) >= 2:
            for n in matches:
                if owner[n] != me:
                    owner[n] = me
                    flipped.append(n)
    wins = game.wins
    for n, d, _ in nbrs[cell]:
        other = board[n]
        if other >= 0 and owner[n] != me and wins[base + d][other]:
            owner[n] = me
            flipped.append(n)
    if combos:
        combo(game, board, owner, flipped, me)
    return flipped


def combo(game: ThreeTriosGame, board: list[int], owner: list[int], flipped: list[int], me: int) -> None:
    """Every card in ``flipped`` battles its neighbours by the comparison rule, and so on: appends the flips."""
    nbrs = game.nbrs
    wins = game.wins
    i = 0
    while i < len(flipped):
        src = board[flipped[i]] * 4
        for n, d, _ in nbrs[flipped[i]]:
            other = board[n]
            if other >= 0 and owner[n] != me and wins[src + d][other]:
                owner[n] = me
                flipped.append(n)
        i += 1


class ThreeTriosGame(Game):
    """Three Trios for two seats, red (0) and blue (1), both hands open.

    >>> game = ThreeTriosGame()
    >>> state = game.new_initial_state()
    >>> state.apply_action(state.string_to_action("Griffin 1,1"))
    >>> state.to_json()["board"]
    ['...', '.R.', '...']
    """

    name = "three_trios"
    rules_version = "1"
    title = "Three Trios"
    perfect_information = True
    OPTIONS: ClassVar[Mapping[str, Option]] = {
        "board": Option("classic", _layout, "board file, or a shipped board: classic (3x3), holes (5x5)"),
        "cards": Option("standard", _layout, "card file, or the shipped card set: standard"),
        "rules": Option(["greater"], parse_rules, "battle rules: greater|reverse, fallen-ace, same|plus"),
        "shuffle": Option(False, boolean, "shuffle the cards before the deal (else deal from the top of the file)"),
    }
    PRESETS: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "classic": {"board": "classic", "cards": "standard", "rules": ["greater"], "shuffle": False},
        "holes": {"board": "holes", "cards": "standard", "rules": ["greater"], "shuffle": False},
    }
    SEAT_LABELS: ClassVar[tuple[str, ...]] = ("red (R)", "blue (B)")
    AGENTS: ClassVar[Mapping[str, str]] = {
        "corner": "deckhand.games.three_trios.agents:CornerAgent",
        "flip-most": "deckhand.games.three_trios.agents:FlipMostAgent",
        "least-exposed": "deckhand.games.three_trios.agents:LeastExposedAgent",
        "minimax": "deckhand.games.three_trios.agents:MinimaxAgent",
        "solver": "deckhand.games.three_trios.solver:SolverAgent",
        # The seed's command line names its four strategies so (seed 001, "Arguments").
        "strategy1": "deckhand.games.three_trios.agents:CornerAgent",
        "strategy2": "deckhand.games.three_trios.agents:FlipMostAgent",
        "strategy3": "deckhand.games.three_trios.agents:LeastExposedAgent",
        "strategy4": "deckhand.games.three_trios.agents:MinimaxAgent",
    }
    LEVELS: ClassVar[Mapping[str, str]] = {
        "easy": "corner",
        "medium": "flip-most",
        # On the 5x5 holes board (shuffled, paired games; benchmarks/strength.py) hard and expert
        # beat minimax 0.968 and 0.983 over 200 games, and expert beat hard 0.63; both need well under
        # a second of CPU a move. On a 3x3 board expert plays exactly from the second move, hard from the third.
        "hard": "solver:exact_nodes=10000,nodes=2000",
        "expert": "solver:exact_nodes=40000,nodes=40000",
    }

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.layout: Board = load_board(self.options["board"])
        self.card_list: list[TrioCard] = load_cards(self.options["cards"])
        layout, cards = self.layout, self.card_list
        self.rows, self.cols = layout.rows, layout.cols
        self.ncells = layout.rows * layout.cols
        self.card_cells = layout.card_cells
        if len(cards) < len(self.card_cells) + 1:
            raise ConfigError(
                f"{self.options['cards']}: {len(cards)} cards are too few for the board {self.options['board']}, "
                f"whose {len(self.card_cells)} card cells need at least {len(self.card_cells) + 1}"
            )
        self.hand_size = (len(self.card_cells) + 1) // 2
        self.names = [card.name for card in cards]
        self.by_name = {card.name: i for i, card in enumerate(cards)}
        self.by_folded: dict[str, list[int]] = {}
        for i, card in enumerate(cards):
            self.by_folded.setdefault(card.name.casefold(), []).append(i)
        self.vals = [v for card in cards for v in card.values]
        rules = self.options["rules"]
        self.reverse = "reverse" in rules
        self.fallen_ace = "fallen-ace" in rules
        self.special = 1 if "same" in rules else 2 if "plus" in rules else 0
        self.beats = [self._beats(a, b) for a in range(11) for b in range(11)]
        count = len(cards)
        self.wins = [
            [self.beats[self.vals[i] * 11 + self.vals[o * 4 + _OPPOSITE[i % 4]]] for o in range(count)]
            for i in range(4 * count)
        ]
        """``wins[card * 4 + side][other]``: whether ``card`` beats ``other`` attacking through ``side``."""
        self.nbrs: list[tuple[tuple[int, int, int], ...]] = []
        for cell in range(self.ncells):
            r, c = divmod(cell, self.cols)
            found = []
            for d, (dr, dc) in enumerate(_STEPS):
                nr, nc = r + dr, c + dc
                n = nr * self.cols + nc
                if 0 <= nr < self.rows and 0 <= nc < self.cols and n not in layout.holes:
                    found.append((n, d, _OPPOSITE[d]))
            self.nbrs.append(tuple(found) if cell not in layout.holes else ())
        self.shuffle: bool = self.options["shuffle"]

    def _beats(self, mine: int, theirs: int) -> bool:
        """Whether a placed value ``mine`` beats a facing value ``theirs`` under the comparison rule."""
        if self.reverse:
            return mine < theirs or (self.fallen_ace and mine == 10 and theirs == 1)
        return mine > theirs or (self.fallen_ace and mine == 1 and theirs == 10)

    @property
    def num_players(self) -> int:
        return 2

    def new_initial_state(self) -> ThreeTriosState:
        return ThreeTriosState(self)

    def max_game_length(self) -> int:
        return len(self.card_cells) + (2 * self.hand_size if self.shuffle else 0)

    def all_cards(self) -> list[str]:
        return list(self.names)

    def beats_value(self, mine: int, theirs: int) -> bool:
        """Whether a placed value ``mine`` beats a facing value ``theirs`` (ten is ``10``)."""
        return self.beats[mine * 11 + theirs]

    def cell_name(self, cell: int) -> str:
        """``R,C`` of a cell index."""
        r, c = divmod(cell, self.cols)
        return f"{r},{c}"


_MOVE = re.compile(r"(\S+)\s+(-?[0-9]{1,9})\s*,\s*(-?[0-9]{1,9})")


class ThreeTriosState(State):
    """A Three Trios position: the board, both hands in deal order, and the undealt pile."""

    __slots__ = ("_board", "_dealt", "_empty", "_hands", "_history", "_owner", "_pile", "_player", "game")

    def __init__(self, game: ThreeTriosGame) -> None:
        self.game: ThreeTriosGame = game
        self._board = [HOLE if cell in game.layout.holes else EMPTY for cell in range(game.ncells)]
        self._owner = [-1] * game.ncells
        self._empty = list(game.card_cells)
        self._history: list[int] = []
        dealt = 2 * game.hand_size
        if game.shuffle:
            self._hands: list[list[int]] = [[], []]
            self._pile = list(range(len(game.names)))
            self._dealt = 0
            self._player = CHANCE
        else:
            self._hands = [list(range(0, dealt, 2)), list(range(1, dealt, 2))]
            self._pile = list(range(dealt, len(game.names)))
            self._dealt = dealt
            self._player = 0

    # -- reading -----------------------------------------------------------
    def current_player(self) -> int:
        return self._player

    def board(self) -> list[int]:
        """Card id per cell (``EMPTY``/``HOLE`` otherwise); a copy."""
        return list(self._board)

    def owners(self) -> list[int]:
        """Owning seat per cell (-1 where no card lies); a copy."""
        return list(self._owner)

    def hand(self, seat: int) -> list[int]:
        """The card ids in ``seat``'s hand, in deal order; a copy."""
        return list(self._hands[seat])

    def empty_cells(self) -> list[int]:
        """The empty card cells, row by row; a copy."""
        return list(self._empty)

    def flips_if(self, card: int, cell: int, seat: int | None = None) -> list[int]:
        """The cells that ``seat`` (default: the mover) would flip by placing ``card`` on ``cell``.

        Combos included; the state is not changed. The cell must be empty.
        """
        me = self._player if seat is None else seat
        if self._board[cell] != EMPTY:
            raise IllegalActionError(self._why_not_empty(cell))
        return place(self.game, self._board[:], self._owner[:], cell, card, me)

    def legal_actions(self) -> list[Action]:
        player = self._player
        if player == CHANCE:
            return list(sorted(self._pile))
        if player < 0:
            return []
        n = self.game.ncells
        empty = self._empty
        actions: list[Action] = [card * n + cell for card in self._hands[player] for cell in empty]
        return actions

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self._player != CHANCE:
            raise IllegalActionError("not a chance node: the cards have been dealt")
        p = 1.0 / len(self._pile)
        return [(card, p) for card in sorted(self._pile)]

    def sample_chance_outcome(self, rng: random.Random) -> Action:
        if self._player != CHANCE:
            raise IllegalActionError("not a chance node: the cards have been dealt")
        return self._pile[int(rng.random() * len(self._pile))]

    def rollout_action(self, rng: random.Random) -> Action:
        # Uniform: playout policies that prefer flipping cards (greedy, or sampled candidates, or
        # only for the last moves) all made UCT weaker than uniform moves on the 5x5 board.
        if self._player < 0:
            return self.sample_chance_outcome(rng)
        hand = self._hands[self._player]
        empty = self._empty
        return hand[int(rng.random() * len(hand))] * self.game.ncells + empty[int(rng.random() * len(empty))]

    def play_out(self, rng: random.Random) -> list[float]:
        # The moves of ``rollout_action`` without ``apply_action``'s checks, which they always pass.
        if self._player < 0:
            return super().play_out(rng)
        game, hands, empty, board, owner = self.game, self._hands, self._empty, self._board, self._owner
        history, ncells, rand = self._history, self.game.ncells, rng.random
        player = self._player
        while empty:
            hand = hands[player]
            card = hand.pop(int(rand() * len(hand)))
            cell = empty.pop(int(rand() * len(empty)))
            place(game, board, owner, cell, card, player)
            history.append(card * ncells + cell)
            player = 1 - player
        self._player = TERMINAL
        return self.returns()

    # -- playing -----------------------------------------------------------
    def apply_action(self, action: Action) -> None:
        player = self._player
        game = self.game
        if player == CHANCE:
            if type(action) is not int or action not in self._pile:
                raise IllegalActionError(f"{quote(action, 40)} is not an undealt card here")
            self._pile.remove(action)
            self._hands[self._dealt % 2].append(action)
            self._dealt += 1
            if self._dealt == 2 * game.hand_size:
                self._player = 0
            self._history.append(action)
            return
        if player == TERMINAL:
            raise IllegalActionError("the game is over: every card cell is filled")
        if type(action) is not int or not 0 <= action < len(game.names) * game.ncells:
            raise IllegalActionError(f"{quote(action, 40)} is not a Three Trios move")
        card, cell = divmod(action, game.ncells)
        hand = self._hands[player]
        if card not in hand:
            raise IllegalActionError(self._why_not_in_hand(card, player))
        if self._board[cell] != EMPTY:
            raise IllegalActionError(self._why_not_empty(cell))
        hand.remove(card)
        self._empty.remove(cell)
        place(game, self._board, self._owner, cell, card, player)
        self._player = 1 - player if self._empty else TERMINAL
        self._history.append(action)

    def _why_not_in_hand(self, card: int, player: int) -> str:
        name = self.game.names[card]
        if card in self._hands[1 - player]:
            return f"{name} is in {SEATS[1 - player]}'s hand, and it is {SEATS[player]}'s turn"
        if card in self._board:
            return f"{name} is already on the board at {self.game.cell_name(self._board.index(card))}"
        return f"{name} is not in {SEATS[player]}'s hand"

    def _why_not_empty(self, cell: int) -> str:
        where = self.game.cell_name(cell)
        if self._board[cell] == HOLE:
            return f"cell {where} is a hole"
        return f"cell {where} already holds {self.game.names[self._board[cell]]}"

    # -- notation ----------------------------------------------------------
    def describe_action(self, action: Action) -> str:
        """What the move flips: ``flips Kraken at 0,1; combo: Wyvern at 0,0``."""
        if self._player < 0 or type(action) is not int:
            return self.action_to_string(action)
        game = self.game
        card, cell = divmod(action, game.ncells)
        board, owner = self._board[:], self._owner[:]
        flipped = place(game, board, owner, cell, card, self._player, combos=False)
        combo_start = len(flipped)
        combo(game, board, owner, flipped, self._player)  # the chain, appended after the direct flips
        if not flipped:
            return "flips nothing"
        direct = ", ".join(f"{game.names[self._board[c]]} at {game.cell_name(c)}" for c in flipped[:combo_start])
        text = f"flips {direct}"
        if len(flipped) > combo_start:
            chain = ", ".join(f"{game.names[self._board[c]]} at {game.cell_name(c)}" for c in flipped[combo_start:])
            text += f"; combo: {chain}"
        return text

    def action_to_string(self, action: Action) -> str:
        game = self.game
        if type(action) is not int or action < 0:
            raise NotationError(f"{quote(action, 40)} is not a Three Trios action")
        if self._player == CHANCE:
            if action >= len(game.names):
                raise NotationError(f"{quote(action, 40)} is not a card")
            return game.names[action]
        card, cell = divmod(action, game.ncells)
        if card >= len(game.names):
            raise NotationError(f"{quote(action, 40)} is not a Three Trios move")
        return f"{game.names[card]} {game.cell_name(cell)}"

    def string_to_action(self, text: str) -> Action:
        game = self.game
        wanted = " ".join(str(text).split())
        if self._player == CHANCE:
            return self._card_named(wanted, text)
        match = _MOVE.fullmatch(wanted)
        if match is None:
            raise NotationError(
                f"{quote(text, 40)} is not a move; write NAME R,C (or #I R,C), e.g. '{game.names[0]} 0,0'"
            )
        who, row, col = match.group(1), int(match.group(2)), int(match.group(3))
        if who.startswith("#") and who not in game.by_name:
            if not is_whole_number(who[1:]):
                raise NotationError(f"{quote(text, 40)}: {quote(who, 40)} is not a hand index such as #0")
            if self._player < 0:
                raise IllegalActionError(f"{quote(text, 40)}: nobody is to move")
            hand = self._hands[self._player]
            index = int(who[1:])
            if index >= len(hand):
                raise IllegalActionError(
                    f"{quote(text, 40)}: {SEATS[self._player]} has no card #{index} (hand of {len(hand)})"
                )
            card = hand[index]
        else:
            card = self._card_named(who, text)
        if not 0 <= row < game.rows or not 0 <= col < game.cols:
            raise IllegalActionError(
                f"{quote(text, 40)}: cell {row},{col} is outside the {game.rows}x{game.cols} board"
            )
        return card * game.ncells + row * game.cols + col

    def _card_named(self, name: str, text: str) -> int:
        game = self.game
        if name in game.by_name:
            return game.by_name[name]
        found = game.by_folded.get(name.casefold(), [])
        if len(found) == 1:
            return found[0]
        if found:
            options = ", ".join(game.names[i] for i in found)
            raise AmbiguousActionError(f"{quote(text, 40)}: card name {quote(name, 40)} could be {options}")
        raise NotationError(f"{quote(text, 40)}: no card is named {quote(name, 40)}")

    # -- bookkeeping -------------------------------------------------------
    def clone(self) -> ThreeTriosState:
        other = object.__new__(ThreeTriosState)
        other.game = self.game
        other._board = self._board[:]
        other._owner = self._owner[:]
        other._hands = [self._hands[0][:], self._hands[1][:]]
        other._empty = self._empty[:]
        other._pile = self._pile[:]
        other._dealt = self._dealt
        other._player = self._player
        other._history = self._history[:]
        return other

    def history(self) -> list[Action]:
        return list(self._history)

    def scores(self) -> list[float]:
        owner = self._owner
        red = owner.count(0)
        blue = owner.count(1)
        return [float(red + len(self._hands[0])), float(blue + len(self._hands[1]))]

    def returns(self) -> list[float]:
        if self._player != TERMINAL:
            return [0.5, 0.5]
        red, blue = self.scores()
        return [1.0, 0.0] if red > blue else [0.0, 1.0] if blue > red else [0.5, 0.5]

    def view(self, player: int) -> View:
        return FullView(self, player)

    def information_key(self, player: int) -> Hashable:
        # The view (hence its JSON) is a function of the history alone.
        return (player, tuple(self._history))

    def cards(self) -> list[str]:
        names = self.game.names
        on_board = [names[c] for c in self._board if c >= 0]
        return on_board + [names[c] for hand in self._hands for c in hand] + [names[c] for c in self._pile]

    def to_json(self) -> JSON:
        game = self.game
        data = super().to_json()
        marks = {EMPTY: ".", HOLE: "_"}
        rows = []
        cells = []
        for r in range(game.rows):
            row = ""
            named: list[str | None] = []
            for c in range(game.cols):
                i = r * game.cols + c
                card = self._board[i]
                row += marks[card] if card < 0 else "RB"[self._owner[i]]
                named.append(game.names[card] if card >= 0 else None)
            rows.append(row)
            cells.append(named)
        data["board"] = rows
        data["cells"] = cells
        data["hands"] = [[game.names[c] for c in hand] for hand in self._hands]
        data["undealt"] = sorted(game.names[c] for c in self._pile)
        data["rules"] = list(game.options["rules"])
        return data

    def __repr__(self) -> str:
        return f"<three_trios {self.to_json()['board']} hands={self.to_json()['hands']}>"
