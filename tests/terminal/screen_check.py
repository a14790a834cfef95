"""The terminal tells a player nothing it cannot see: the leak check over what the screen prints.

:func:`check_terminal_secrets` plays a game at the terminal with one person
(seat 0, typing random legal moves) against computer seats, and each time
the person is asked for a move, scans everything printed since the last
question for a card that person cannot see and has never been shown (the
same test as :func:`deckhand.testing.check_secrets`, applied to the screen).
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence

from rich.console import Console

from deckhand.core.protocol import Game, State
from deckhand.terminal.reader import Reader
from deckhand.terminal.session import Session
from deckhand.testing.secrets import SecretLeak, cards_named, codes_in, hidden_cards, leaked_in_text

HUMAN = 0


class _Watcher(Reader):
    """Plays random legal moves for the person, checking the screen before each one."""

    def __init__(self, game: Game, seed: int, out: io.StringIO, moves: int) -> None:
        self.game = game
        self.seed = seed
        self.out = out
        self.rng = random.Random(seed)
        self.moves_left = moves
        self.cards = frozenset(game.all_cards())
        self.seen: set[str] = set()
        self.shadow: State = game.new_initial_state()
        self.read_to = 0
        self.session: Session | None = None

    def _follow(self, state: State) -> None:
        """Replay what happened since the last question: what the person was shown on the way."""
        for action in state.history()[len(self.shadow.history()) :]:
            if self.shadow.current_player() >= 0:  # a move is made in the open
                self.seen |= cards_named(self.shadow.action_to_string(action), self.cards)
            self.shadow.apply_action(action)
            self.seen.update(codes_in(self.shadow.view(HUMAN).to_json(), self.cards))

    def read(self, prompt: str) -> str:
        assert self.session is not None
        state = self.session.state
        self._follow(state)
        text = self.out.getvalue()[self.read_to :]
        self.read_to = len(self.out.getvalue())
        hidden = hidden_cards(state, HUMAN, random.Random(self.seed), worlds=6)
        leaks = _leaked(text, hidden, self.seen)
        if leaks:
            raise SecretLeak(
                f"{self.game.name} seed {self.seed} move {len(state.history())}: the screen gave away "
                f"{', '.join(leaks)} to seat {HUMAN}:\n{text}"
            )
        legal = state.view(HUMAN).legal_actions()
        if self.moves_left <= 0 or not legal:
            raise EOFError
        self.moves_left -= 1
        return state.action_to_string(legal[int(self.rng.random() * len(legal))])


def _leaked(text: str, hidden: set[str], seen: set[str]) -> list[str]:
    """What the screen gave away, read as printed and as one line.

    Narration wraps between words, so a card's name ("9 of Hearts") may fall across two lines.
    """
    return sorted(set(leaked_in_text(text, hidden, seen)) | set(leaked_in_text(" ".join(text.split()), hidden, seen)))


def check_terminal_secrets(game: Game, seed: int, seats: Sequence[str], *, moves: int = 400) -> State:
    """Play ``seats`` (seat 0 must be ``human``) at a scripted terminal; raise ``SecretLeak`` on a leak.

    The game is not saved or recorded. Returns the state reached.
    """
    if seats[0] != "human" or "human" in seats[1:]:
        raise ValueError("the screen check needs one person, at seat 0")
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    watcher = _Watcher(game, seed, out, moves)
    session = Session(game, seats, console=console, reader=watcher, seed=seed, record_stats=False, autosave=False)
    watcher.session = session
    state = session.run()
    if state.is_terminal():  # the last screen: the final table and the result
        watcher._follow(state)
        text = out.getvalue()[watcher.read_to :]
        leaks = _leaked(text, hidden_cards(state, HUMAN, random.Random(seed)), watcher.seen)
        if leaks:
            raise SecretLeak(f"{game.name} seed {seed}: the final screen gave away {', '.join(leaks)}")
    return state
