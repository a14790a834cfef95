"""A game at the terminal: people type moves, the computer explains its own.

Before each human move the prompt offers what one of the sources asks for (docs/sources.md): save, make
a move (in the game's notation, or its number in the list), hint, quit.
Bad input gets one line and the same prompt; the end of input, Ctrl-C and
``quit`` save the unfinished game before leaving.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.text import Text

from deckhand.agents.base import Agent, Explanation
from deckhand.agents.hints import hint_agent, hint_sentence, search_summary
from deckhand.agents.registry import is_human, make_agent
from deckhand.core.errors import ConfigError, DeckhandError
from deckhand.core.numbers import is_whole_number
from deckhand.core.presentation import Presentation, presentation_of, title_of
from deckhand.core.protocol import Action, Game, State, View, require_legal
from deckhand.play.runner import agent_rngs
from deckhand.play.seats import seat_names
from deckhand.play.tell import told_to_others
from deckhand.render import Context, render
from deckhand.render.cards import card_text
from deckhand.terminal.choose import packed_moves
from deckhand.terminal.keeping import Keeper
from deckhand.terminal.reader import Reader

HELP = """Commands:
  MOVE          play a move in the game's notation (e.g. {example})
  N             play move number N of the list
  moves         list the legal moves, numbered
  hint [CARD]   the computer's recommendation and why{marks}
  why           the figures behind the last hint (a search's chances and visits)
  show          draw the table again
  save [FILE]   save the game (a .json record{formats}) and leave
  quit          leave; the game is saved automatically for resuming
  help          this list"""

MENU = "Your move (notation or number) · hint · save [FILE] · quit · moves · help"
"""A source's menu before each human move (docs/sources.md): save, make a move, ask for help, quit."""

THINKING_AFTER = 0.3
"""Seconds a computer may think before the terminal says it is thinking."""

PACE = 0.8
"""Seconds the terminal waits before telling each computer move (``--pace``), so moves come one by one as at a table.

Only a person reading a terminal waits: scripts, tests and output to a file get every move at once.
"""

LIST_LIMIT = 16
"""Up to this many legal moves are listed, numbered, before each human move."""

LIST_ROWS = 2
"""...if they fit in this many lines; ``moves`` lists them all."""

ENTER_PLAYS = "pass"
"""The move an empty line plays where it is legal: a window where each seat may claim a card passes on Enter."""


class Session:
    """One game at the terminal: seats are ``human`` or agent specs."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        *,
        console: Console,
        reader: Reader,
        seed: int | None = None,
        state: State | None = None,
        start: State | None = None,
        save_path: Path | None = None,
        remember: bool = False,
        record_stats: bool = True,
        autosave: bool = True,
        chosen_deal: bool = False,
        pace: float | None = None,
        verbose: bool = False,
    ) -> None:
        if len(seats) != game.num_players:
            raise ConfigError(f"{game.name} has {game.num_players} seats; {len(seats)} given")
        self.game = game
        self.presentation: Presentation = presentation_of(game)
        """What the terminal shows and tells of the game: all it reads of it beyond states, views and saves."""
        self.specs = list(seats)
        self.names = seat_names(self.specs)
        self.agents: list[Agent | None] = [None if is_human(s) else make_agent(s, game) for s in self.specs]
        self.console = console
        self.reader = reader
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.chosen_deal = chosen_deal
        """Dealt from a seed someone chose (practice): statistics count the game apart."""
        self.rng = random.Random(self.seed)
        self.seat_rngs = agent_rngs(self.rng, len(self.specs))
        self.hint_rng = random.Random(f"{self.seed}/hints")
        """Hints draw from their own rng: asking for one never changes the cards dealt or the computer's play."""
        self.state = state if state is not None else game.new_initial_state()
        self.start = start
        self.save_path = save_path
        """Where this game was resumed from (its autosave is removed once finished)."""
        self.remember = remember
        self.record_stats = record_stats
        self.keeper = Keeper(game, self.specs, console, self.seed, chosen_deal, start, save_path, autosave)
        """Where the game is kept: its autosave as it goes, a save asked for, its record."""
        self._hinter: Agent | None = None
        self._last_human: int | None = None
        self._shown_start: set[int] = set()
        self._pending: list[str] = []
        self._told: list[Text] = []
        self._last_hint: Explanation | None = None
        self.finished = False
        self._played = False
        """Whether the game is played in this session, not only shown (a finished game loaded from a file)."""
        watched = reader.interactive and console.is_terminal
        self.pace = (PACE if pace is None else max(0.0, pace)) if watched else 0.0
        """Seconds before each computer move is told (0 for none): :data:`PACE` unless given."""
        self.verbose = verbose
        """Whether a computer's move is told with its search's figures after the reason (``--verbose``)."""
        self._moved = state is not None
        """Whether anyone has made a move: a game nobody has started is not worth a save (a resumed one is)."""

    # -- the loop --------------------------------------------------------
    def run(self) -> State:
        """Play until the game ends or the player leaves; returns the state reached."""
        self._played = not self.state.is_terminal()
        if not self._played:  # a finished game loaded from a file: show it, count it once only
            self.record_stats = False
            where = f" ({self.save_path})" if self.save_path is not None else ""
            self.console.print(
                f"This game is finished{where}: here is how it ended; it is not counted again.",
                markup=False,
                highlight=False,
                soft_wrap=True,
            )
        self._introduce()
        try:
            while not self.state.is_terminal():
                player = self.state.current_player()
                if player < 0:
                    outcome = self.state.sample_chance_outcome(self.rng)
                    self._announce(outcome)
                    self.state.apply_action(outcome)
                    continue
                if self.agents[player] is not None:
                    self._computer_move(player)
                elif not self._human_turn(player):
                    return self.state
                self._autosave()
            self._finish()
        except EOFError:
            self.console.print()
            self._leave("End of input")
        except KeyboardInterrupt:
            self.console.print()
            self._leave("Interrupted")
        return self.state

    def _computer_move(self, player: int) -> None:
        agent = self.agents[player]
        assert agent is not None
        view = self.state.view(player)
        with self._thinking(f"{self.names[player]} is thinking…"):
            explanation = agent.explain(view, self.seat_rngs[player])
        names = list(self.names)
        names[player] = f"{names[player]} ({self.specs[player]})"
        told = told_to_others(self.state, explanation, names)  # the other seats read only the public form
        self._announce(explanation.action, before=True)
        quiet = self.presentation.is_quiet(self.state, explanation.action)
        self.state.apply_action(explanation.action)
        self._moved = True
        if not quiet:
            figures = search_summary(explanation) if self.verbose else ""
            self._tell(_Move(told.sentence(figures), style="magenta"))
        self._flush_announcements(now=False)

    def _human_turn(self, player: int) -> bool:
        """One human move; ``False`` when the player leaves."""
        self._autosave()  # the cards dealt since the last move are on disk before anyone sees them
        self._hand_over(player)
        self._show_start(player)
        self._show_turn(player)
        again = False
        while True:
            view = self.state.view(player)
            actions = view.legal_actions()
            if again:
                self._list_moves(view, actions)
            again = True
            passing = ENTER_PLAYS in (view.action_to_string(a) for a in actions)
            text = self.reader.read(f"{self.names[player]}{' (Enter to pass)' if passing else ''} > ").strip()
            if not text and passing:
                text = ENTER_PLAYS
            if not text:
                continue
            word, _, rest = text.partition(" ")
            command = word.lower()
            if command in ("help", "?"):
                self._help(view)
            elif command == "moves":
                self._list_moves(view, actions, force=True)
            elif command in ("show", "board"):
                self._show(player)
            elif command == "why":
                self._why()
            elif command == "hint":
                self._hint(view, rest.strip() or None)
            elif command == "save":
                return not self.keeper.save(self.state, rest.strip() or None)
            elif command in ("quit", "exit"):
                self._leave("Leaving")
                return False
            elif self._play(view, actions, text):
                return True

    def _play(self, view: View, actions: list[Action], text: str) -> bool:
        """Apply a typed move (notation or number); one line of error otherwise."""
        try:
            if is_whole_number(text):
                number = int(text)
                if not 1 <= number <= len(actions):
                    raise ConfigError(f"there is no move {number}; moves are numbered 1 to {len(actions)}")
                action = actions[number - 1]
            else:
                action = view.string_to_action(text)
            require_legal(self.state, action)  # the rules answer an impossible move before anything describes it
            told = self.presentation.tell_move(self.state, action, self.names)
            self._announce(action, before=True)
            self.state.apply_action(action)
        except DeckhandError as exc:
            self._pending = []
            message = f"[red]{_escape(str(exc))}[/red] (type [bold]help[/bold] for the commands)"
            self.console.print(message)
            return False
        self._moved = True
        self.console.print(Text(told, style="green"))
        self._after_move(view.player, action)  # what the move showed its player, before what followed it
        self._flush_announcements()
        return True

    # -- what everyone is told ------------------------------------------------
    def _introduce(self) -> None:
        """Who is who, where the game names its seats (``Presentation.SEAT_LABELS``: you are red)."""
        labels = self.presentation.SEAT_LABELS
        if not labels or self.state.history():
            return
        parts = [f"{name} {'are' if name == 'You' else 'is'} {labels[seat]}" for seat, name in enumerate(self.names)]
        self.console.print("; ".join(parts) + ".", highlight=False)

    def _announce(self, action: Action, *, before: bool = False) -> None:
        """What the game announces of ``action`` (a round's end, a coin's fall), called before it is played.

        A player's move is told first, so its announcements wait in ``_pending``.
        """
        lines = self.presentation.announce(self.state, action, self.names)
        if before:
            self._pending = lines
            return
        for line in lines:
            self._tell(Text(line, style="yellow"))

    def _tell(self, line: Text) -> None:
        """What happened while nobody was typing: kept for the next board, so that it shows under it.

        At 80×24 the board would push these lines off the screen; printed under
        it, just above the question, the last moves stay in sight.
        """
        if self._computers_only:
            self._say(line)
        else:
            self._told.append(line)

    def _say(self, line: Text) -> None:
        """Print a line of narration (wrapped between words); a computer's move waits :attr:`pace` seconds first."""
        if self.pace and isinstance(line, _Move):
            time.sleep(self.pace)
        self.console.print(line)

    def _flush_told(self) -> None:
        for line in self._told:
            self._say(line)
        self._told = []

    def _flush_announcements(self, *, now: bool = True) -> None:
        """The announcements of the move just told: at once after a person's move, else kept for the board."""
        for line in self._pending:
            text = Text(line, style="yellow")
            if now:
                self.console.print(text)
            else:
                self._tell(text)
        self._pending = []

    @property
    def _computers_only(self) -> bool:
        """Nobody is typing: the game is watched, not saved, and told as it goes."""
        return all(agent is not None for agent in self.agents)

    # -- what a person sees -------------------------------------------------
    def _context(self, viewer: int | None) -> Context:
        return Context(viewer=viewer, names=self.names, hide_known=self.remember)

    def _board(self, player: int, context: Context | None = None) -> Group:
        data = self.state.view(player).to_json()
        title = Rule(f"{title_of(self.presentation)} · {self.names[player]} to play")
        return Group(title, render(data, context or self._context(player)))

    def _show(self, player: int, context: Context | None = None) -> None:
        self.console.print(self._board(player, context))

    def _show_turn(self, player: int) -> None:
        """The board, the moves since this player's last turn under it, the menu: one screen.

        Lines that would push the board off the top of the terminal are printed
        above it instead, with a note under the board; the numbered moves give
        way first when even the note has no room.
        """
        board = self._board(player)
        view = self.state.view(player)
        moves = self._move_lines(view, view.legal_actions())
        told, self._told = self._told, []
        room = self.console.height - self._rows(board) - 2  # the menu and the typing line
        rows = [self._rows(line) for line in told]
        if len(moves) > room or (told and sum(rows) + len(moves) > room and room - len(moves) < 2):
            moves = []
        room -= len(moves)
        shown = 0
        if sum(rows) > room:
            room -= 1  # the note
            while shown < len(rows) and rows[-1 - shown] <= room:
                room -= rows[-1 - shown]
                shown += 1
        else:
            shown = len(told)
        earlier, latest = told[: len(told) - shown], told[len(told) - shown :]
        for line in earlier:
            self._say(line)
        self.console.print(board)
        if earlier:
            lines = f"{len(earlier)} earlier line is" if len(earlier) == 1 else f"{len(earlier)} earlier lines are"
            self.console.print(f"({lines} above the board)", style="dim")
        for line in latest:
            self._say(line)
        self.console.print(MENU, style="dim")
        for line in moves:
            self.console.print(line, soft_wrap=True)

    def _rows(self, renderable: RenderableType) -> int:
        """Terminal rows ``renderable`` takes, a long line counting once per wrap (between words, as printed)."""
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def _hand_over(self, player: int) -> None:
        """Between two people at one keyboard: clear the screen and wait, so nobody sees the other's cards."""
        humans = [i for i, a in enumerate(self.agents) if a is None]
        if len(humans) > 1 and self._last_human is not None and self._last_human != player:
            if self.reader.interactive:
                self.console.clear()
            self.console.print(Rule(f"Pass the keyboard to {self.names[player]}"))
            self.reader.pause(f"{self.names[player]}, press Enter when ready ")
        self._last_human = player

    def _move_lines(self, view: View, actions: list[Action], *, force: bool = False) -> list[Text]:
        """The numbered moves, packed into lines without breaking a move; none if they are too many.

        Unasked, the list is shown when it takes at most ``LIST_ROWS`` lines, so the board stays on the screen.
        """
        if not actions or (len(actions) > LIST_LIMIT and not force):
            return []
        lines = packed_moves([view.action_to_string(action) for action in actions], self.console.width)
        return lines if force or len(lines) <= LIST_ROWS else []

    def _list_moves(self, view: View, actions: list[Action], *, force: bool = False) -> None:
        for line in self._move_lines(view, actions, force=force):
            self.console.print(line, soft_wrap=True)

    def _help(self, view: View) -> None:
        actions = view.legal_actions()
        example = view.action_to_string(actions[0]) if actions else "a move"
        drawn = self.presentation.HINT_MARKS
        marks = f"\n                ({drawn} on the board)" if drawn else ""
        formats = "".join(f"; {suffix} {what}" for suffix, what in self.game.SAVE_FORMATS.items())
        self.console.print(HELP.format(example=example, marks=marks, formats=formats), markup=False, highlight=False)

    def _hint(self, view: View, card: str | None) -> None:
        """The strongest agent's choice and reason, and the numbers the game draws for a hint (``hint_marks``)."""
        if card is not None and not self.presentation.HINT_MARKS:
            said = f"hint {card}: a hint in {title_of(self.presentation)} takes no card; type hint alone"
            self.console.print(f"[red]{_escape(said)}[/red]")
            return
        if self._hinter is None:
            self._hinter = hint_agent(self.game)
        with self._thinking("Looking for the best move…"):
            explanation = self._hinter.explain(view, self.hint_rng)
        self._last_hint = explanation
        line = Text("Hint: ")
        line.append(hint_sentence(self.presentation, view, explanation, self.names), style="bold yellow")
        actions = view.legal_actions()
        number = f"{actions.index(explanation.action) + 1}: " if explanation.action in actions else ""
        line.append(f" (move {number}{explanation.notation})", style="dim")
        self.console.print(line)  # wrapped between words: a hint is a sentence
        if self.presentation.HINT_MARKS:
            try:
                used, marks = self.presentation.hint_marks(view, card, explanation.action)
            except DeckhandError as exc:
                self.console.print(f"[red]{_escape(str(exc))}[/red]")
                return
            context = self._context(view.player)
            context.marks = marks
            what = self.presentation.HINT_MARKS.replace("CARD", used)
            self.console.print(f"{what[:1].upper()}{what[1:]}:", highlight=False)
            self.console.print(render(view.to_json(), context))

    def _why(self) -> None:
        """The last hint's figures: the search's chances and visits, or the scores of the rule that chose."""
        hint = self._last_hint
        if hint is None:
            self.console.print("No hint yet: type hint first.")
            return
        summary = search_summary(hint)
        if summary:
            self.console.print(Text(summary))
        searched = bool(summary)  # a search's values are chances to win; a rule's are its own
        lines = []
        for candidate in hint.candidates[:6]:
            figures = []
            if searched and candidate.value is not None:
                figures.append(f"{candidate.value:.0%} to win")
            if candidate.visits is not None:
                figures.append(f"from {candidate.visits} playouts")
            if candidate.note:  # a rule says what it weighs in words, with its figure
                figures.append(candidate.note)
            elif not searched and candidate.value is not None:
                figures.append(f"rated {candidate.value:g} by the rule")
            if figures:  # a rule-based choice lists its options without figures: nothing to add
                lines.append(f"  {self._said(candidate.notation)}: {'; '.join(figures)}")
        if lines and not searched:
            self.console.print("The moves it weighed, the hint's first:")
        for line in lines:
            self.console.print(line, markup=False, highlight=False)
        shown = len(lines)
        if not summary and not shown:
            self.console.print("The hint follows a rule; it has no figures beyond its reason.")

    def _said(self, notation: str) -> str:
        """A move of the seat to move as the hint says it (``Place Wyvern in the top right corner``), else as typed."""
        try:
            action = self.state.string_to_action(notation)
            require_legal(self.state, action)
            words = self.presentation.suggest(self.state.view(self.state.current_player()), action, self.names)
        except DeckhandError:
            return notation
        return words[:1].upper() + words[1:] if words else notation

    def _thinking(self, message: str) -> AbstractContextManager[object]:
        """A spinner once an agent has thought for ``THINKING_AFTER`` seconds, for a person at a terminal only."""
        if self.reader.interactive and self.console.is_terminal:
            return _delayed_status(self.console, message, THINKING_AFTER)
        return nullcontext()

    def _show_start(self, player: int) -> None:
        """Memory mode: the cards a seat knows from the deal are shown once, until Enter."""
        if not self.remember or player in self._shown_start:
            return
        self._shown_start.add(player)
        known = self.presentation.glimpse(self.state.view(player))
        if known:
            line = Text("Cards you know: ")
            for number, (place, code) in enumerate(known.items()):
                line.append(f"{', ' if number else ''}{self.presentation.place_words(place, player, self.names)} ")
                line.append_text(card_text(code))
            self._show_glimpse(line, "Remember them, then press Enter to hide them ")

    def _after_move(self, player: int, action: Action) -> None:
        """What the move showed its player alone (a peek).

        In memory mode it is shown until Enter, then hidden; otherwise the
        board shows the cards a seat knows face up, so it stays in sight.
        """
        seen = self.presentation.glimpse(self.state.view(player), action)
        if seen:
            line = Text()
            for place, code in seen.items():
                line.append(f"You see {self.presentation.place_words(place, player, self.names)}: ")
                line.append_text(card_text(code))
            if self.remember:
                self._show_glimpse(line, "Remember it, then press Enter to hide it ")
            else:
                self.console.print(line)

    def _show_glimpse(self, line: Text, prompt: str) -> None:
        """Memory mode: a card shown until Enter, then the screen cleared, so that only memory keeps it."""
        self.console.print(line)
        self.reader.pause(prompt)
        if self.reader.interactive:
            self.console.clear()

    # -- keeping and finishing ---------------------------------------------
    def _autosave(self) -> None:
        self.keeper.autosave(self.state, worth=self._moved and not self._computers_only)

    def _leave(self, why: str) -> None:
        self._flush_told()
        self.keeper.leave(self.state, why, moved=self._moved, people=not self._computers_only)

    def _finish(self) -> None:
        """Show the final table, who won, and record the game."""
        self.finished = True
        self._flush_told()
        humans = [seat for seat, agent in enumerate(self.agents) if agent is None]
        # A person sees the end as their seat does (every card is shown by then); watchers see the table.
        data = self.state.view(humans[0]).to_json() if humans else self.state.to_json()
        self.console.print(Rule("Game over"))
        self.console.print(render(data, self._context(None)))
        returns = self.state.returns()
        best = max(returns)
        winners = [self.names[i] for i, r in enumerate(returns) if r == best and r > 0]
        scores = ", ".join(f"{self.names[i]} {_num(s)}" for i, s in enumerate(self.state.scores()))
        if len(winners) == 1:
            verb = "win" if winners[0] == "You" else "wins"
            self.console.print(f"[bold]{winners[0]} {verb}![/bold] Final scores: {_escape(scores)}")
        else:
            self.console.print(f"[bold]Shared win: {', '.join(winners)}.[/bold] Final scores: {_escape(scores)}")
        self.keeper.finish(self.state, played=self._played)
        if self.record_stats:
            self.keeper.record(self.state, self.agents)


class _Move(Text):
    """A computer's move as the table is told it: the line the terminal's pace waits before."""


@contextmanager
def _delayed_status(console: Console, message: str, after: float) -> Iterator[None]:
    """Rich's status line, shown only if the work takes longer than ``after`` seconds (no flicker for quick moves)."""
    status = console.status(message)
    timer = threading.Timer(after, status.start)
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        timer.join()
        status.stop()


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _escape(text: str) -> str:
    from rich.markup import escape

    return escape(text)
