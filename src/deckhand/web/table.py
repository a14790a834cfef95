"""A table the server deals: the one State, its seats, and what each connection may be sent.

Nothing here knows about HTTP or websockets: the server (``web/app.py``)
asks a table for its messages and feeds it moves. The table is the dealer
nobody can cheat: it holds the State and its chance stream, checks every
move, and builds every message from ``view(seat)`` (or the public view)
and the public forms of what happened: never ``history()``, ``to_json()``,
a seed or a token.
"""

from __future__ import annotations

import hmac
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from deckhand.agents.base import Agent, Explanation
from deckhand.agents.hints import hint_sentence, hint_spec, search_chance
from deckhand.agents.registry import make_agent
from deckhand.core.errors import ConfigError, DeckhandError, IllegalActionError, quote
from deckhand.core.presentation import Presentation, presentation_of, title_of
from deckhand.core.protocol import Action, Game, State, View
from deckhand.play.records import GameRecord
from deckhand.play.runner import agent_rngs
from deckhand.play.tell import told_to_others
from deckhand.web.clocks import Clock
from deckhand.web.entries import Entry, told
from deckhand.web.seats import (
    INVITE_BYTES,
    OPEN,
    TOKEN_BYTES,
    NotInvited,
    Seat,
    derived,
    matches_hash,
    new_invite,
    new_token,
    number_computers,
    token_hash,
)
from deckhand.web.wire import (
    ClockOut,
    Ended,
    EventOut,
    HintMessage,
    MarksMessage,
    MatchedMove,
    MatchesMessage,
    Result,
    StateMessage,
)

REMATCH_SHIFT = 1
"""A rematch seats everyone this many seats on: the person at seat ``i`` sits at ``(i + 1) % n``."""

RECENT_EVENTS = 40
"""How many past events a snapshot carries, so that a page opened mid-game has a log to show."""


@dataclass(frozen=True)
class ComputerTurn:
    """A computer seat's decision to make, away from the table: its view and its own rng."""

    seat: int
    seq: int
    agent: Agent
    spec: str
    """What builds ``agent`` again: it decides in a thinking process (:mod:`deckhand.web.thinking`)."""
    view: View
    rng: random.Random
    by: str | None = None
    """The stand-in's level, when the computer plays for an absent person."""


@dataclass
class Table:
    """One game being played: the State, the seats, and the log of public events."""

    id: str
    game: Game
    seats: list[Seat]
    state: State
    seed: int
    """Seeds the computers' and hints' choices; the deal too when :attr:`chosen` (never sent to anyone)."""
    chosen: bool = False
    """Whether the deal follows ``seed`` (a seat's own practice, or a stacked deck): else chance is drawn
    from the system's entropy, which no one at the table can reproduce."""
    spectators: bool = True
    public: bool = False
    host_hash: str | None = None
    """The hash of the host's token: the host may start before every seat is taken."""
    stand_in: str | None = None
    """The computer level that plays for a person away for :attr:`away` seconds (None: nobody does)."""
    away: float = 60.0
    rated: bool = False
    """Its game moves its people's ratings: every person sits as an account."""
    rematch: str | None = None
    """The table where this one's people play again, once one of them asked."""
    start: State | None = None
    """Where the game's record starts (a resumed save's own start)."""
    origin: State | None = None
    """Where this table's own actions start: a resumed save's state, or None for the game's deal."""
    events: list[EventOut] = field(default_factory=list)
    recorded: bool = False
    stored_as: int | None = None
    """The finished game's id in the store, once it is written there: its replay's address."""
    stand_ins: list[dict[str, Any]] = field(default_factory=list)
    """Each move a stand-in played: its index in the record's actions, the seat, the level."""
    journal: list[Entry] = field(default_factory=list)
    """Actions not yet stored: the server writes them before it tells anyone."""
    _rng: random.Random = field(init=False, repr=False)
    _seat_rngs: list[random.Random] = field(init=False, repr=False)
    _hint_rngs: list[random.Random] = field(init=False, repr=False)
    _glimpses: dict[int, dict[str, str]] = field(default_factory=dict, init=False, repr=False)
    ended: dict[str, Any] | None = None
    """How the game ended other than by its rules (:mod:`deckhand.web.endings`): ``how``, ``seat``, ``words``
    and, for a resignation, every seat's ``returns``."""
    marks: int = 0
    """The table's marks (resignations, aborts) among its actions: they count in ``seq``."""
    resigned: list[int] = field(default_factory=list)
    """Seats whose person resigned, or ran out of time, in a game of three sides or more: the stand-in plays
    them to the end."""
    moved: set[int] = field(default_factory=set)
    """Seats that have made a move (a person may abort only before theirs)."""
    clock: Clock | None = None
    """Each person's time (:mod:`deckhand.web.clocks`); ``None``: the table has no clock."""
    now: Callable[[], float] = field(default=time.monotonic, repr=False)
    """The clock's time source (seconds): tests drive it."""

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed) if self.chosen else secrets.SystemRandom()
        self._seat_rngs = agent_rngs(random.Random(f"{self.seed}/seats"), len(self.seats))
        self._hint_rngs = [random.Random(f"{self.seed}/hints/{seat}") for seat in range(len(self.seats))]
        self._deal()
        self.run_clock()

    @property
    def presentation(self) -> Presentation:
        """What the table shows and tells of its game: all it reads of it beyond states, views and agents."""
        return presentation_of(self.game)

    # -- who is who ----------------------------------------------------------
    @property
    def seq(self) -> int:
        """How many changes the game has seen (moves and chance): every state message carries it."""
        return len(self.state.history()) + self.marks

    @property
    def over(self) -> bool:
        """Whether the game has ended: by its rules, or by a resignation or an abort."""
        return self.ended is not None or self.state.is_terminal()

    def seat_of(self, token: str) -> int | None:
        """The seat a token holds, its hash compared in constant time; ``None`` for an unknown token."""
        found = None
        given = token_hash(token)
        for seat, entry in enumerate(self.seats):
            if entry.token_hash is not None and hmac.compare_digest(entry.token_hash, given):
                found = seat
        return found

    def hand_out_tokens(self) -> list[tuple[int, str]]:
        """The new table's tokens, seat by seat, once: from then on the table keeps only their hashes."""
        tokens = [(i, seat.token) for i, seat in enumerate(self.seats) if seat.token is not None]
        for seat in self.seats:
            seat.token = None
        return tokens

    def make_host(self, key: str | None = None) -> str:
        """The host's token, handed out with the new table's seat tokens (made again from the creator's ``key``)."""
        token = derived(key, "host", TOKEN_BYTES) if key else new_token()
        self.host_hash = token_hash(token)
        return token

    def is_host(self, token: str) -> bool:
        return self.host_hash is not None and hmac.compare_digest(self.host_hash, token_hash(token))

    def hand_out_invites(self, key: str | None = None) -> list[tuple[int, str]]:
        """A new table's invite codes, one per open seat (made again from the creator's ``key``), once.

        A table listed in the lobby needs none.
        """
        invites = []
        for i, entry in enumerate(self.seats):
            if entry.kind == OPEN and not self.public:
                code = derived(key, f"invite/{i}", INVITE_BYTES) if key else new_invite()
                entry.invite_hash = token_hash(code)
                invites.append((i, code))
        return invites

    def join(
        self, name: str, seat: int | None = None, invite: str | None = None, account: int | None = None
    ) -> tuple[int, str]:
        """A person takes an open seat (the first, unless one is named), as ``account`` if signed in.

        At a table not listed in the lobby the seat's invite code is needed
        (:class:`NotInvited` without it); ``ConfigError`` when no seat is free.
        """
        free = [i for i, entry in enumerate(self.seats) if entry.kind == OPEN]
        if seat is not None and seat not in free:
            raise ConfigError(f"seat {seat} is not free at this table")
        if not free:
            raise ConfigError("no seat is free at this table")
        if seat is not None:
            free = [seat]
        if not self.public:
            given = token_hash(invite) if invite else ""
            free = [i for i in free if matches_hash(self.seats[i].invite_hash, given)]
            if not free:
                raise NotInvited("this seat is kept for the person invited: open the invite link you were sent")
        entry = self.seats[free[0]]
        entry.name = name
        entry.spec = "human"
        entry.invite_hash = None
        entry.account = account
        token = entry.give_token()
        self.run_clock()  # the last seat taken: the first person's time starts
        return free[0], token

    def start_now(self, level: str) -> list[int]:
        """The host starts: every open seat goes to the computer at ``level``; the seats filled."""
        if not self.waiting_for_people:
            raise ConfigError("every seat is taken: the game has started")
        open_seats = [seat for seat, entry in enumerate(self.seats) if entry.kind == OPEN]
        agents = [make_agent(level, self.game) for _ in open_seats]  # a bad level changes no seat
        for seat, agent in zip(open_seats, agents, strict=True):
            self.seats[seat] = Seat(spec=level, name="Computer", agent=agent)
            if self.clock is not None:
                self.clock.untime(seat)
        number_computers(self.seats)
        self.run_clock()
        return open_seats

    def take_over(self, seat: int) -> None:
        """The stand-in plays for the absent person at ``seat`` until they come back."""
        if self.stand_in is not None and self.seats[seat].stand_in is None:
            self.seats[seat].stand_in = make_agent(self.stand_in, self.game)
            self.run_clock()

    def hand_back(self, seat: int) -> None:
        self.seats[seat].stand_in = None
        self.run_clock()

    @property
    def to_move(self) -> int | None:
        player = self.state.current_player()
        return player if player >= 0 else None

    @property
    def waiting_for_people(self) -> bool:
        """Whether an open seat is still empty: nobody moves until it is filled."""
        return any(entry.kind == OPEN for entry in self.seats)

    # -- the clock ---------------------------------------------------------------
    def timed(self) -> list[bool]:
        """The seats a clock times: people's and open ones (a computer's thinking runs nobody's time)."""
        return [entry.agent is None for entry in self.seats]

    def run_clock(self) -> None:
        """Whose time runs now: the person to move, once every seat is taken, unless the computer plays for them."""
        if self.clock is None:
            return
        seat = self.to_move
        if self.over or self.waiting_for_people or seat is None or self.seats[seat].player is not None:
            seat = None
        self.clock.run(seat, self.now())

    def flagged(self) -> int | None:
        """The seat whose time is up, if the game is still on (:func:`deckhand.web.endings.time_out` ends it)."""
        if self.clock is None or self.over:
            return None
        return self.clock.flagged(self.now())

    def clock_due(self) -> float | None:
        """Seconds until the running time is up (``None``: no clock runs)."""
        return None if self.clock is None or self.over else self.clock.due(self.now())

    # -- moves ------------------------------------------------------------------
    def play(self, seat: int, text: str) -> None:
        """A person's move in notation; ``DeckhandError`` naming what is wrong, and nothing changes."""
        if self.over:
            raise IllegalActionError("the game is over")
        if self.waiting_for_people:
            raise IllegalActionError("the game starts when every seat is taken")
        if self.to_move != seat:
            who = "nobody's" if self.to_move is None else f"{self.seats[self.to_move].name}'s"
            raise IllegalActionError(f"it is {who} turn, not yours")
        if self.seats[seat].player is not None:
            raise IllegalActionError("the computer is playing for your seat")
        view = self.state.view(seat)
        action = view.string_to_action(text)
        if action not in self.state.legal_actions():
            raise IllegalActionError(self._why_illegal(text, action))
        self._apply(seat, action, reason="")
        self._glimpses[seat] = self.presentation.glimpse(self.state.view(seat), action)

    def _why_illegal(self, text: str, action: Action) -> str:
        """The game's own reason for refusing ``action`` (its rules name the rule broken), tried on a copy."""
        try:
            self.state.clone().apply_action(action)
        except DeckhandError as exc:
            return str(exc)
        except (IndexError, KeyError, TypeError):  # a game without a reason for this: the plain refusal
            pass
        return f"{quote(text, 40)} is not legal here"

    def computer_turn(self) -> ComputerTurn | None:
        """The computer's decision to make next, if a computer seat is to move."""
        seat = self.to_move
        if seat is None or self.waiting_for_people or self.ended is not None:
            return None
        entry = self.seats[seat]
        agent = entry.player
        if agent is None:
            return None
        by = self.stand_in if entry.agent is None else None
        spec = entry.spec if by is None else by
        return ComputerTurn(seat, self.seq, agent, spec, self.state.view(seat), self._seat_rngs[seat], by)

    def apply_computer(self, turn: ComputerTurn, explanation: Explanation) -> bool:
        """Play what the computer decided, if the game has not moved on (nor its person come back) meanwhile."""
        if turn.seq != self.seq or self.to_move != turn.seat or self.seats[turn.seat].player is not turn.agent:
            return False
        if explanation.action not in self.state.legal_actions():
            raise IllegalActionError(f"the computer at seat {turn.seat} chose an illegal move")
        told = told_to_others(self.state, explanation, [seat.name for seat in self.seats])
        self._apply(turn.seat, explanation.action, reason=told.why, by=turn.by)
        return True

    def _apply(self, seat: int, action: Action, *, reason: str, by: str | None = None) -> None:
        self.moved.add(seat)
        left = None
        if self.clock is not None and self.seats[seat].player is None:  # a person's own move: their time
            left = self.clock.moved(seat, self.now())
        self._record(Entry(self.seq + 1, action, seat, reason, by=by, left=left))
        self._deal()
        self.run_clock()

    def _deal(self) -> None:
        """Resolve chance (deals, draws) up to the next player's decision; only announcements are told."""
        while self.state.is_chance_node():
            self._record(Entry(self.seq + 1, self.state.sample_chance_outcome(self._rng), None))

    def _record(self, entry: Entry) -> None:
        """Apply one action, tell the log what may be told of it, and keep it for the store."""
        assert entry.action is not None, "a mark is recorded by deckhand.web.endings"
        entry = replace(entry, notation=self.state.action_to_string(entry.action))
        self.events.extend(told(self.presentation, self.state, entry, [seat.name for seat in self.seats]))
        self.journal.append(entry)
        self._note_stand_in(entry)
        self.state.apply_action(entry.action)

    def _note_stand_in(self, entry: Entry) -> None:
        """Note a move the stand-in made: its index among the record's actions (before it is applied)."""
        if entry.by is not None:
            first = len(self.start.history()) if self.start is not None else 0
            index = len(self.state.history()) - first
            self.stand_ins.append({"action": index, "seat": entry.seat, "by": entry.by})

    @classmethod
    def restored(
        cls, *, game: Game, seats: list[Seat], origin: State | None, entries: Sequence[Entry], **rest: Any
    ) -> Table:
        """A table dealt again from its stored moves (after a restart): the same state and log.

        Each entry's action is read from its ``notation`` at its point of the
        game; the table's marks (:mod:`deckhand.web.endings`) are applied after.
        """
        state = (origin or game.new_initial_state()).clone()
        start = rest.get("start")
        first = len(start.history()) if start is not None else 0  # the record's actions count from its start
        names = [seat.name for seat in seats]
        events: list[EventOut] = []
        stand_ins, moved = [], set()
        for stored in entries:
            entry = replace(stored, action=state.string_to_action(stored.notation))
            events.extend(told(presentation_of(game), state, entry, names))
            if entry.by is not None:
                stand_ins.append({"action": len(state.history()) - first, "seat": entry.seat, "by": entry.by})
            if entry.seat is not None:
                moved.add(entry.seat)
            state.apply_action(entry.action)
        table = cls(game=game, seats=seats, state=state, origin=origin, events=events, **rest)
        table.stand_ins, table.moved = stand_ins, moved
        if table.clock is not None:  # each person's time as their last move left it: the outage is nobody's
            for stored in entries:
                if stored.seat is not None and stored.left is not None:
                    table.clock.restore(stored.seat, stored.left)
            table.run_clock()
        if table.chosen:  # a practice deal goes on as its seed says, wherever the server stopped
            table._rng = random.Random(f"{table.seed}/after/{table.seq}")
        return table

    # -- what connections are sent ------------------------------------------
    def view(self, seat: int | None) -> View:
        return self.state.public_view() if seat is None else self.state.view(seat)

    def snapshot(self, seat: int | None, since: int | None = None) -> StateMessage:
        """The ``state`` message for ``seat`` (``None``: a spectator), with the events after ``since``.

        With no ``since`` (a connection's first message) the last few events
        come along, so that a page opened mid-game has a log.
        """
        view = self.view(seat)
        events = [e for e in self.events if since is None or e.seq > since]
        if since is None:
            events = events[-RECENT_EVENTS:]
        mine = seat is not None and seat == self.to_move and self.ended is None
        legal = view.legal_actions() if mine else []  # while seats are empty the moves are shown, not taken
        state, shown = self.state, self.presentation
        glimpse = self._glimpses.pop(seat, None) if seat is not None else None
        return StateMessage(
            seq=self.seq,
            seat=seat,
            view=view.to_json(),
            legal=[view.action_to_string(a) for a in legal],
            quiet=[view.action_to_string(a) for a in legal if shown.is_quiet(state, a)],
            to_move=self.to_move,
            events=events,
            result=self._result(),
            ended=None if self.ended is None else Ended.model_validate(self.ended),
            abort=seat is not None and self.seats[seat].kind == "human" and not self.over and seat not in self.moved,
            glimpse=glimpse or None,
            clock=None if self.clock is None else ClockOut(**self.clock.to_wire(self.now())),
        )

    def _result(self) -> Result | None:
        """The game's result: its rules', or a resignation's (no result for an abort, nor while it is on)."""
        if self.ended is not None:
            returns = self.ended.get("returns")
            return None if returns is None else Result(returns=returns, scores=self.state.scores())
        return Result(returns=self.state.returns(), scores=self.state.scores()) if self.state.is_terminal() else None

    def summary(self, viewer: int | None = None) -> dict[str, Any]:
        """``GET /api/tables/{ID}``: what anyone may know of the table. Never a token.

        ``viewer`` is the seat whose token came with the request: once the finished game is stored, its
        ``review`` is that seat's review page (a review shows the seat's cards, so nobody else is offered it).
        """
        shown = self.presentation
        review = None
        if self.stored_as is not None and viewer is not None:
            review = f"#/review/{self.stored_as}?seat={viewer}&table={self.id}"
        return {
            "table": self.id,
            "game": self.game.name,
            "title": title_of(shown),
            "options": self.game.public_options(),
            "seats": [
                {"seat": i, "name": e.name, "kind": e.kind, "spec": e.spec, "account": e.account is not None}
                for i, e in enumerate(self.seats)
            ],
            "seat_labels": list(shown.SEAT_LABELS),
            "to_move": self.to_move,
            "finished": self.over,
            "ended": self.ended,
            "spectators": self.spectators,
            "public": self.public,
            "seq": self.seq,
            "waiting": self.waiting_for_people,
            "rated": self.rated,
            "clock": None if self.clock is None else self.clock.settings(),
            "rematch": self.rematch,
            "pieces": shown.pieces(),
            "hint_marks": shown.HINT_MARKS,
            "replay": None if self.stored_as is None else f"#/replay/{self.stored_as}",
            "review": review,
        }

    # -- hints ---------------------------------------------------------------------
    def hint_job(self, seat: int) -> tuple[str, View, random.Random]:
        """What a hint for ``seat`` needs (the hint agent's spec, the view, its rng: the search runs away from the
        table); ``IllegalActionError`` off turn."""
        if self.to_move != seat or self.over:
            raise IllegalActionError("a hint is given when it is your turn")
        if self.waiting_for_people:
            raise IllegalActionError("the game starts when every seat is taken")
        return hint_spec(self.game), self.state.view(seat), self._hint_rngs[seat]

    def hint_message(self, view: View, explanation: Explanation, selection: str | None) -> HintMessage:
        """The ``hint`` message for the seat of ``view``: the move, the sentence that recommends it, the search's
        chance to win (for the hint's detail), and the numbers the game draws for it."""
        names = ["You" if seat == view.player else s.name for seat, s in enumerate(self.seats)]
        sentence = hint_sentence(self.presentation, view, explanation, names)
        message = HintMessage(move=explanation.notation, reason=sentence, chance=search_chance(explanation))
        if self.presentation.HINT_MARKS:
            message.piece, message.marks = self.presentation.hint_marks(view, selection, explanation.action)
        return message

    def marks_message(self, seat: int, selection: str) -> MarksMessage:
        """The numbers a hint draws for one selected piece, without a search (cards a card would flip, say)."""
        piece, marks = self.presentation.hint_marks(self.state.view(seat), selection)
        return MarksMessage(piece=piece, marks=marks)

    def matching(self, seat: int, cards: Sequence[str]) -> MatchesMessage:
        """The seat's legal moves that play exactly the selected cards, else those that use them all."""
        matches = MatchesMessage(cards=list(cards), moves=[])
        if self.to_move != seat:
            return matches
        view = self.state.view(seat)
        wanted = set(cards)
        codes = set(self.game.all_cards())
        for action in view.legal_actions():
            notation = view.action_to_string(action)
            named = notation_tokens(notation)
            if wanted <= named:
                exact = wanted == named & codes
                words = self.presentation.describe_action(self.state, action)
                matches.moves.append(MatchedMove(move=notation, words=words, exact=exact))
        if any(m.exact for m in matches.moves):
            matches.moves = [m for m in matches.moves if m.exact]
        if not matches.moves and cards:
            matches.why = self.presentation.why_no_move(self.state, list(cards))
        return matches

    # -- the end ----------------------------------------------------------------
    def record(self) -> GameRecord | None:
        """The finished game's record, once; a chosen deal's with its seed (the cards are all played)."""
        if not self.over or self.recorded or (self.ended is not None and "returns" not in self.ended):
            return None  # an aborted game has no result: nothing is stored
        self.recorded = True
        record = self.record_of_play()
        chosen = self.chosen or self.game.options.get("deck") is not None
        record.meta = {"seed": self.seed, "chosen_deal": True} if chosen else {}
        if self.stand_ins:
            record.meta["stand_ins"] = list(self.stand_ins)
        if self.ended is not None:
            record.outcome = {"returns": list(self.ended["returns"]), "scores": list(self.state.scores())}
            record.meta["ended"] = {"how": self.ended["how"], "seat": self.ended["seat"]}
        if self.resigned:
            record.meta["resigned"] = list(self.resigned)
        if self.clock is not None:
            record.meta["clock"] = self.clock.settings()
        return record

    def again(self, table_id: str, seed: int) -> Table:
        """A new deal for the same people (with the same tokens), names and computers, each one seat on.

        The seats turn by :data:`REMATCH_SHIFT` (the last to the first), so that
        who deals and who leads change from game to game; partners (seats two
        apart) stay partners.
        """
        seats = [
            Seat(
                spec=entry.spec,
                name=entry.name,
                token_hash=entry.token_hash,
                agent=None if entry.agent is None else make_agent(entry.spec, self.game),
                invite_hash=entry.invite_hash,
                account=entry.account,
            )
            for entry in self.seats[-REMATCH_SHIFT:] + self.seats[:-REMATCH_SHIFT]
        ]
        return Table(
            id=table_id,
            game=self.game,
            seats=seats,
            state=self.game.new_initial_state(),
            seed=seed,
            spectators=self.spectators,
            public=self.public,
            host_hash=self.host_hash,
            stand_in=self.stand_in,
            away=self.away,
            rated=self.rated,
            clock=None if self.clock is None else Clock.new(self.clock.settings(), [e.agent is None for e in seats]),
            now=self.now,
        )

    def record_of_play(self) -> GameRecord:
        """The game so far as a record (the server's own: it holds every card dealt)."""
        return GameRecord.from_state(self.state, [entry.spec for entry in self.seats], start=self.start)


_BRACKETS = str.maketrans("{}[]=", "     ")


def notation_tokens(notation: str) -> set[str]:
    """The words of a move's notation, its brackets and signs left out: the cards it names among them."""
    return set(notation.translate(_BRACKETS).split())
