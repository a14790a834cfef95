"""What the lobby, the rules page, the statistics page and replays read: ``/api/games``, ``/api/stats``...

Everything here is public but the list of the terminal's saved games, which
is the owner's (:mod:`deckhand.web.owner`): the games and their declared
options, the rules text, statistics, and finished games replayed through the
public view (a replay shows what a spectator saw, never a hand).
"""

from __future__ import annotations

import asyncio
from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, Header, Request
from pydantic import Field
from starlette.exceptions import HTTPException

from deckhand.agents.registry import available_agents
from deckhand.core.errors import ConfigError, DeckhandError, quote
from deckhand.core.options import preset_info
from deckhand.core.paths import saves_dir
from deckhand.core.presentation import presentation_of, title_of
from deckhand.core.protocol import Game, State
from deckhand.core.registry import game_class, game_title, games, load_game
from deckhand.core.rules_text import rules_text
from deckhand.play.records import start_state
from deckhand.play.saves import Loaded, list_saves, load_file
from deckhand.play.seats import display_names, seat_line
from deckhand.store.db import load_record, stored_names
from deckhand.store.statistics import people, recent_games, statistics
from deckhand.web.accounts import Accounts
from deckhand.web.guard import web_options
from deckhand.web.ledger import listed_tables
from deckhand.web.owner import Owner
from deckhand.web.reviews import check_reviewer
from deckhand.web.tables import Tables
from deckhand.web.wire import Strict

HIDDEN_OPTIONS = frozenset({"deck", "max_rounds", "max_decks"})
"""Options the lobby does not offer: a stacked deck is for tests, the caps are safety nets."""


class GameChoice(Strict):
    """``POST /api/games/{name}/check``: options as the lobby has them so far."""

    preset: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)


def describe_game(name: str) -> dict[str, Any]:
    """A game as the lobby offers it: presets (each with its options), options with help, levels."""
    cls = game_class(name)
    game = load_game(name)
    shown = presentation_of(game)
    presets = {preset: load_game(name, preset=preset).options for preset in cls.PRESETS}
    about = {preset: asdict(preset_info(cls.PRESET_INFO, preset)) for preset in cls.PRESETS}
    options = [
        {"name": key, "default": game.options.get(key, option.default), "help": option.help}
        for key, option in cls.OPTIONS.items()
        if key not in HIDDEN_OPTIONS
    ]
    return {
        "name": name,
        "title": title_of(shown),
        "players": game.num_players,
        "perfect_information": cls.perfect_information,
        "presets": presets,
        "preset_info": about,
        "options": options,
        "levels": list(cls.LEVELS),
        "agents": available_agents(game),
        "seat_labels": list(shown.SEAT_LABELS),
        "hint_marks": shown.HINT_MARKS,
    }


def checked(name: str, choice: GameChoice) -> Game:
    """The game these options make (no file opened); ``ConfigError`` naming the option that is wrong."""
    return web_options(name, choice.preset, choice.options)


def replay_steps(game_id: int, seat: int | None = None, url: str | None = None) -> dict[str, Any]:
    """A stored game step by step, as a spectator saw it: each move, what was said, the public view after.

    With ``seat``, as that seat saw it: its own view at each step (its hand
    face up, nothing it could not see). Whoever asks must have been allowed
    that seat's review (:func:`deckhand.web.reviews.check_reviewer`).
    """
    record = load_record(game_id, url=url)
    state = start_state(record)
    shown = presentation_of(state.game)
    names = display_names(record.seats, stored_names(game_id, url=url))  # as the people sat there: by name
    step: dict[str, Any] = {"seat": None, "move": None, "words": "", "said": []}  # the deal
    steps = [step]

    def seen(now: State) -> Any:
        return (now.public_view() if seat is None else now.view(seat)).to_json()

    for text in record.actions:
        action = state.string_to_action(text)
        mover = state.current_player()
        if mover >= 0:  # the table as it stood before this move closes the step before
            step["view"] = seen(state)
            step = {"seat": mover, "move": text, "words": shown.tell_move(state, action, names), "said": []}
            steps.append(step)
        step["said"] += shown.announce(state, action, names)
        state.apply_action(action)
    step["view"] = seen(state)
    return {
        "id": game_id,
        "game": record.game,
        "title": title_of(shown),
        "seats": record.seats,
        "names": names,
        "seat_lines": [seat_line(seat, names[seat], spec) for seat, spec in enumerate(record.seats)],
        "outcome": record.outcome,
        "pieces": shown.pieces(),
        "viewer": seat,
        "steps": steps,
    }


def resume_from_saves(name: str) -> Loaded:
    """A saved game by its file name in the saves folder; nothing outside that folder can be named."""
    known = {saved.path.name: saved.path for saved in list_saves()}
    path = known.get(name)
    if path is None or path.parent != saves_dir():
        raise ConfigError(f"no saved game {quote(name, 60)}")
    return load_file(path)


def catalog_router(tables: Tables, owner: Owner, accounts: Accounts) -> APIRouter:
    router = APIRouter(prefix="/api")

    @router.get("/games")
    async def all_games() -> list[dict[str, Any]]:
        return [describe_game(name) for name in games()]

    @router.post("/games/{name}/check")
    async def check_game(name: str, choice: GameChoice) -> dict[str, Any]:
        game = checked(name, choice)
        return {"players": game.num_players, "options": game.public_options()}

    @router.get("/games/{name}/rules")
    async def rules(name: str) -> dict[str, str]:
        return {"game": game_class(name).name, "text": rules_text(name)}

    @router.get("/stats")
    async def stats(game: str | None = None) -> dict[str, Any]:
        if game is not None:
            game_class(game)  # an unknown game is a one-line error
        return await asyncio.to_thread(_statistics, game)  # reads every stored game: not on the tables' loop

    @router.get("/records/{game_id}/replay")
    async def replay(
        request: Request, game_id: int, seat: int | None = None, x_seat_token: str | None = Header(None)
    ) -> dict[str, Any]:
        url = tables.ledger.url
        if seat is not None:  # that seat's cards face up: only for whoever may see its review
            person = await accounts.current(request)
            account = person.id if person is not None else None
            await asyncio.to_thread(check_reviewer, game_id, seat, x_seat_token, url, owner.admits(request), account)
        try:
            return await asyncio.to_thread(replay_steps, game_id, seat, url)
        except ConfigError as exc:
            raise HTTPException(404, str(exc)) from None
        except DeckhandError as exc:
            raise HTTPException(422, f"stored game {game_id} cannot be replayed: {exc}") from None

    @router.get("/saves")
    async def saves(request: Request) -> list[dict[str, Any]]:
        """The terminal's saved games, for the owner only: each holds every hand of its game."""
        owner.require(request)
        return [
            {
                "name": s.path.name,
                "game": s.game,
                "title": game_title(s.game),
                "seats": s.seats,
                "moves": s.moves,
                "saved": s.saved.isoformat(),
            }
            for s in list_saves()
        ]

    @router.get("/tables")
    async def public_tables() -> list[dict[str, Any]]:
        """Tables their hosts made public and that are not over (from the store: every process's)."""
        return await asyncio.to_thread(listed_tables, tables.ledger.url)

    return router


def _statistics(game: str | None) -> dict[str, Any]:
    levels, agents = statistics(game=game)
    persons = people(game=game)
    recent = recent_games(game=game)
    named = {*games(), *(e.game for e in levels), *(e.game for e in agents), *(e.game for e in persons)}
    named |= {e.game for e in recent}
    return {
        "titles": {name: game_title(name) for name in sorted(named)},
        "levels": [entry.to_json() for entry in levels],
        "agents": [entry.to_json() for entry in agents],
        "people": [entry.to_json() for entry in persons],
        "recent": [entry.to_json() for entry in recent],
    }
