"""How a table shows and tells a game: one presentation object per game, apart from its rules.

The rules (``Game``, ``State``, ``View``) say what may happen and what each
seat may know. A table where people play needs more: a move in words, a
move told as a sentence, what everyone is told of it, which moves go without saying, a peeked card shown
for a moment, the numbers a hint draws and how it words its move, what seats
and pieces are called, and why a search's move is good.
:class:`Presentation` holds that, with defaults that add nothing to the view;
a game names its own subclass in ``Game.PRESENTATION`` (``"module:Class"``),
whose hooks are the functions of its ``words.py``, ``view.py`` and agents
that say each thing, and :func:`presentation_of` makes it once per game. The
terminal and the web read a game's words from its presentation and nothing
else, so that they never ask which game they show.
``deckhand.testing.check_presentation`` checks a game's presentation.

What a presentation says to everyone names no card that some seat cannot
see (``deckhand.testing.check_secrets`` checks that); a glimpse goes to its
viewer alone.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from typing_extensions import TypeVar

from deckhand.core.errors import ConfigError, quote
from deckhand.core.protocol import A, State, View
from deckhand.core.tally import Tally
from deckhand.core.words import Reasons, agree

if TYPE_CHECKING:
    from deckhand.core.protocol import Game

S = TypeVar("S", bound=State, default=Any)
"""The State class a presentation tells of: ``BasraPresentation`` is a ``Presentation[BasraState, BasraAction]``
(its actions the game's own); a plain ``Presentation`` tells of any game's states and actions."""


class Presentation(Generic[S, A]):
    """What a table reads of a game beyond its states and views: names, words, glimpses, hint marks and reasons.

    Hooks that take a ``state`` are called with the state *before* ``action``
    is played, and with an action legal there: a table checks a typed move
    (``deckhand.core.protocol.require_legal``) before it asks for its words.
    A game's subclass binds its own functions to the hooks
    (``tell_move = staticmethod(words.tell_move)``), each taking the game's own
    state, so that every hook is defined once.
    """

    SEAT_LABELS: ClassVar[tuple[str, ...]] = ()
    """What each seat is called at the table beyond its number (Three Trios: red, blue), or nothing."""
    HINT_MARKS: ClassVar[str] = ""
    """What :meth:`hint_marks` draws, for a help line (``"cards that CARD would flip in each empty cell"``,
    ``CARD`` standing for the piece); empty when the game draws nothing for a hint."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    @property
    def name(self) -> str:
        """The game's id in the registry (``three_trios``): what a table falls back on without a title."""
        return self.game.name

    @property
    def title(self) -> str:
        """The game's name for people (``Three Trios``), or empty for :attr:`name`."""
        return self.game.title

    def pieces(self) -> dict[str, Any]:
        """What a table draws of the game's named pieces beyond their names (Three Trios: each card's values).

        Views name pieces; a graphical table also needs their faces. Cards of
        the usual decks need nothing here: their codes say it all.
        """
        return {}

    def describe_action(self, state: S, action: A) -> str:
        """A player's ``action`` in words every seat may read once it is played.

        The default is the notation, which names no hidden card in any game
        here; games say more where the move shows a card to everyone (the card
        a Cambio swap brings out), and never what stays hidden.
        """
        return state.action_to_string(action)

    def tell_move(self, state: S, action: A, names: Sequence[str]) -> str:
        """A player's ``action`` as the table hears it: one sentence, the mover its subject, the verb agreeing.

        ``You ask Computer for 7s.``, ``Computer takes the 7 of Clubs with the
        7 of Hearts.``: how the terminal, the web log and replays tell a move,
        so that they read alike. ``names`` has a name for each seat (``You``
        for the person at the screen). Notation stays where a player types
        it; the sentence says the move as a player would, and names no card
        that stays hidden.
        """
        mover = names[state.current_player()]
        return f"{mover} {agree(mover, 'plays')} {self.describe_action(state, action).rstrip('.')}."

    def announce(self, state: S, action: A, names: Sequence[str]) -> list[str]:
        """What every seat is told happens because of ``action`` (a move or a chance outcome), beyond the move.

        ``names`` has a name for each seat. Games say what their sources
        announce: a coin's fall, the end of a round or a deck with its points,
        cards flipped.
        """
        return []

    def tally(self, state: S, action: A, names: Sequence[str]) -> Tally | None:
        """The score of the deck or round that ``action`` (about to be played) ends, pile by pile; None if none.

        Only what the game's announcements already make public: a pile's
        cards are named once the deck or round that filled it is over.
        """
        return None

    def is_quiet(self, state: S, action: A) -> bool:
        """Whether a computer's ``action`` goes without saying at a table (Cambio: not sticking).

        A table may leave such moves out of its narration; they stay in every record.
        """
        return False

    def glimpse(self, view: View, action: A | None = None) -> dict[str, str]:
        """Cards shown to the viewer alone for a moment, by place in notation -> card code.

        After ``action`` (the viewer's own move, ``view`` taken after it): what
        the move let it see, e.g. a Cambio peek. With no action: the cards the
        viewer knows from the deal. A table shows them face up until the player
        has seen them, then face down again. Most games show nothing this way.
        """
        return {}

    def place_words(self, place: str, viewer: int, names: Sequence[str]) -> str:
        """A place :meth:`glimpse` names, as the player at ``viewer`` says it (Cambio: ``your card 2``).

        A glimpse's places are the notation's, for a table to find the card;
        a sentence names them in words. The place itself by default.
        """
        return place

    def why_no_move(self, state: S, cards: Sequence[str]) -> str:
        """Why no legal move of the seat to move plays ``cards`` (card codes: a hand card, then table cards).

        A table where moves are picked by clicking cards asks this when the
        cards picked make no move, so that the player reads the rule that
        stops them in the game's words ("the A♥ cannot be trailed while you
        own a build"), not only that nothing matched. It names only the cards
        picked and what every seat sees; empty when the game has nothing to
        add to "no legal move plays these cards".
        """
        return ""

    def hint_marks(self, view: View, selection: str | None = None, move: A | None = None) -> tuple[str, dict[str, int]]:
        """Numbers a hint draws on the table for one of the viewer's pieces (see :attr:`HINT_MARKS`).

        ``selection`` names the piece as the player typed it; without one, the
        piece that ``move`` (the hinted move) plays. Returns the piece's name
        and place (in notation) -> number; ``("", {})`` when the game draws
        nothing. A ``NotationError`` says when ``selection`` names no piece.
        """
        return "", {}

    def suggest(self, view: View, action: A, names: Sequence[str]) -> str:
        """The viewer's ``action`` said to it as advice, an imperative in the game's words.

        ``Ask Computer for 10s``, ``Take the 6♠ with the 6♥``, ``Draw a card
        from the deck``: how a hint names the move it recommends (the reason
        follows it). ``names`` has a name for each seat, the viewer's too. It
        is said to the viewer alone, so it may name the viewer's own cards.
        """
        return f"Play {view.action_to_string(action)}"

    def choice_reasons(self, view: View, action: A, rivals: Sequence[A]) -> Reasons:
        """Why ``action`` is the move a search chose from ``view``, in the game's words; nothing to say by default.

        ``rivals`` are the moves the search liked next, best first. A game says
        what the move does (takes, keeps, denies), to its player and to the
        table (:class:`~deckhand.core.words.Reasons`), so that a search's
        explanation reads as a player's; the search's figures stay in its
        explanation's candidates. The table's words name no card hidden from it.
        """
        return Reasons()


def presentation_of(game: Game[Any]) -> Presentation[Any]:
    """The game's :class:`Presentation`, made once per Game from its ``PRESENTATION`` (``"module:Class"``); the
    defaults where it names none."""
    made = game.__dict__.get("_presentation")
    if isinstance(made, Presentation):
        return made
    made = Presentation(game)
    if game.PRESENTATION:
        module, _, name = game.PRESENTATION.partition(":")
        made = getattr(importlib.import_module(module), name)(game)
        if not isinstance(made, Presentation):
            raise ConfigError(f"{game.name}'s PRESENTATION {quote(game.PRESENTATION, 80)} is not a Presentation")
    game.__dict__["_presentation"] = made
    return made


def title_of(shown: Presentation[Any]) -> str:
    """The game's name for people: its :attr:`~Presentation.title`, else its registry :attr:`~Presentation.name`."""
    return shown.title or shown.name
