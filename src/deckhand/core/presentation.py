"""How a table shows and tells a game: the one interface the terminal and the web read beyond the rules.

The rules (``Game``, ``State``, ``View``) say what may happen and what each
seat may know. A table where people play needs more: a move in words, a
move told as a sentence, what everyone is told of it, which moves go without saying, a peeked card shown
for a moment, the numbers a hint draws and how it words its move, what seats
and pieces are called.
:class:`Presentation` is that interface, in one place, so that the terminal
and the web hold a game as a ``Presentation`` for all of it and never ask
which game they show. Every :class:`~deckhand.core.protocol.Game` implements
it, with defaults that add nothing to the view; a game overrides what it has
to say (its ``words.py`` and ``view.py`` hold the functions its hooks call).
``deckhand.testing.check_presentation`` checks a game against it.

What a presentation says to everyone names no card that some seat cannot
see (``deckhand.testing.check_secrets`` checks that); a glimpse goes to its
viewer alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

from typing_extensions import TypeVar

from deckhand.core.protocol import Action, State, View
from deckhand.core.tally import Tally

S_contra = TypeVar("S_contra", bound=State, contravariant=True, default=State)
"""The State class a presentation tells of: ``BasraGame`` is a ``Presentation[BasraState]``; a plain
``Presentation`` tells of any State, as a plain ``Game`` does."""


@runtime_checkable
class Presentation(Protocol[S_contra]):
    """What a table reads of a game beyond its states and views: names, words, glimpses and hint marks.

    Hooks that take a ``state`` are called with the state *before* ``action``
    is played, and with an action legal there: a table checks a typed move
    (``deckhand.core.protocol.require_legal``) before it asks for its words,
    as ``State.describe_action`` does. The terminal and the web call nothing
    else on a game to show it (they still make states, agents and saves
    through the ``Game``).
    """

    name: ClassVar[str]
    """The game's id in the registry (``three_trios``): what a table falls back on without a title."""
    title: ClassVar[str]
    """The game's name for people (``Three Trios``), or empty for :attr:`name`."""
    SEAT_LABELS: ClassVar[tuple[str, ...]]
    """What each seat is called at the table beyond its number (Three Trios: red, blue), or nothing."""
    HINT_MARKS: ClassVar[str]
    """What :meth:`hint_marks` draws, for a help line (``"cards that CARD would flip in each empty cell"``,
    ``CARD`` standing for the piece); empty when the game draws nothing for a hint."""

    def public_options(self) -> dict[str, Any]:
        """The options as a view shows them: a stacked deck's order is hidden, only its length shown."""
        ...

    def pieces(self) -> dict[str, Any]:
        """What a table draws of the game's named pieces beyond their names (Three Trios: each card's values).

        Views name pieces; a graphical table also needs their faces. Cards of
        the usual decks need nothing here: their codes say it all.
        """
        ...

    def describe_action(self, state: S_contra, action: Action) -> str:
        """A player's ``action`` in words every seat may read once it is played.

        The default is the notation, which names no hidden card in any game
        here; games say more where the move shows a card to everyone (the card
        a Cambio swap brings out), and never what stays hidden.
        """
        ...

    def tell_move(self, state: S_contra, action: Action, names: Sequence[str]) -> str:
        """A player's ``action`` as the table hears it: one sentence, the mover its subject, the verb agreeing.

        ``You ask Computer for 7s.``, ``Computer takes the 7 of Clubs with the
        7 of Hearts.``: how the terminal, the web log and replays tell a move,
        so that they read alike. ``names`` has a name for each seat (``You``
        for the person at the screen). Notation stays where a player types
        it; the sentence says the move as a player would, and names no card
        that stays hidden.
        """
        ...

    def announce(self, state: S_contra, action: Action, names: Sequence[str]) -> list[str]:
        """What every seat is told happens because of ``action`` (a move or a chance outcome), beyond the move.

        ``names`` has a name for each seat. Games say what their sources
        announce: a coin's fall, the end of a round or a deck with its points,
        cards flipped.
        """
        ...

    def tally(self, state: S_contra, action: Action, names: Sequence[str]) -> Tally | None:
        """The score of the deck or round that ``action`` (about to be played) ends, pile by pile; None if none.

        Only what the game's announcements already make public: a pile's
        cards are named once the deck or round that filled it is over.
        """
        ...

    def is_quiet(self, state: S_contra, action: Action) -> bool:
        """Whether a computer's ``action`` goes without saying at a table (Cambio: not sticking).

        A table may leave such moves out of its narration; they stay in every record.
        """
        ...

    def glimpse(self, view: View, action: Action | None = None) -> dict[str, str]:
        """Cards shown to the viewer alone for a moment, by place in notation -> card code.

        After ``action`` (the viewer's own move, ``view`` taken after it): what
        the move let it see, e.g. a Cambio peek. With no action: the cards the
        viewer knows from the deal. A table shows them face up until the player
        has seen them, then face down again. Most games show nothing this way.
        """
        ...

    def why_no_move(self, state: S_contra, cards: Sequence[str]) -> str:
        """Why no legal move of the seat to move plays ``cards`` (card codes: a hand card, then table cards).

        A table where moves are picked by clicking cards asks this when the
        cards picked make no move, so that the player reads the rule that
        stops them in the game's words ("the A♥ cannot be trailed while you
        own a build"), not only that nothing matched. It names only the cards
        picked and what every seat sees; empty when the game has nothing to
        add to "no legal move plays these cards".
        """
        ...

    def hint_marks(
        self, view: View, selection: str | None = None, move: Action | None = None
    ) -> tuple[str, dict[str, int]]:
        """Numbers a hint draws on the table for one of the viewer's pieces (see :attr:`HINT_MARKS`).

        ``selection`` names the piece as the player typed it; without one, the
        piece that ``move`` (the hinted move) plays. Returns the piece's name
        and place (in notation) -> number; ``("", {})`` when the game draws
        nothing. A ``NotationError`` says when ``selection`` names no piece.
        """
        ...

    def suggest(self, view: View, action: Action, names: Sequence[str]) -> str:
        """The viewer's ``action`` said to it as advice, an imperative in the game's words.

        ``Ask Computer for 10s``, ``Take the 6♠ with the 6♥``, ``Draw a card
        from the deck``: how a hint names the move it recommends (the reason
        follows it). ``names`` has a name for each seat, the viewer's too. It
        is said to the viewer alone, so it may name the viewer's own cards.
        """
        ...


def title_of(shown: Presentation[Any]) -> str:
    """The game's name for people: its :attr:`~Presentation.title`, else its registry :attr:`~Presentation.name`."""
    return shown.title or shown.name
