"""A spectator is shown only what an onlooker at the table has seen, in every game, preset and seat count.

Runs :func:`deckhand.testing.check_spectator` over seeded games: each public
view is compared with that of a game the table cannot tell apart, the cards
no onlooker has seen dealt otherwise. Cambio's two-seat games must reach a
card that both seats have peeked (the leak this check was written for), and
the check catches the old rule that showed such a card.
"""

from __future__ import annotations

from typing import Any

import pytest

import deckhand
from deckhand.core.errors import ConfigError
from deckhand.core.registry import game_class
from deckhand.games.cambio.phases import END, UNKNOWN
from deckhand.games.cambio.state import CambioState
from deckhand.games.cambio.view import CambioView
from deckhand.testing import SecretLeak, SpectatorReport, check_spectator

POSITIONS = 900
"""Games per configuration are played until this many positions are compared..."""
GAMES = (2, 10)
"""...but no fewer and no more games than these."""


def configs() -> list[tuple[str, dict[str, object]]]:
    """Every game under every preset (or its defaults), at 2, 3 and 4 seats where the game allows."""
    out: list[tuple[str, dict[str, object]]] = []
    for name in deckhand.games():
        cls = game_class(name)
        for preset in list(cls.PRESETS) or [None]:
            base: dict[str, object] = {} if preset is None else {"preset": preset}
            if "players" not in cls.OPTIONS:
                out.append((name, base))
                continue
            for players in (2, 3, 4):
                try:
                    deckhand.load_game(name, **base, players=players)
                except ConfigError:
                    continue
                out.append((name, {**base, "players": players}))
    return out


def _label(config: object) -> str:
    return str(config) if isinstance(config, str) else "-".join(map(str, dict(config).values()))  # type: ignore[call-overload]


def play(name: str, options: dict[str, object]) -> SpectatorReport:
    game = deckhand.load_game(name, **options)
    report = SpectatorReport()
    low, high = GAMES
    seed = 0
    while seed < high and (seed < low or report.positions < POSITIONS):
        report += check_spectator(game, seed)
        seed += 1
    return report


def tiered() -> list[Any]:
    """Every configuration; those of more seats than two (but four-seat partners) in the slow tier."""
    out = []
    for name, options in configs():
        ident = f"{name}-{_label(options)}" if options else name
        more = options.get("players", 2) != 2 and options.get("preset") != "partners"
        out.append(pytest.param(name, options, id=ident, marks=[pytest.mark.slow] if more else []))
    return out


@pytest.mark.parametrize(("name", "options"), tiered())
def test_a_spectator_sees_only_what_an_onlooker_has_seen(name: str, options: dict[str, object]) -> None:
    report = play(name, options)
    if game_class(name).perfect_information:
        assert report.positions == 0  # the public view is the whole state: nothing to compare
        return
    assert report.positions > 0 and report.unmatched <= report.positions // 10
    assert report.seat_secrets >= 10, "the relabelled games hardly differed where a seat could see: proved little"
    if name == "cambio" and options.get("players") == 2:
        assert report.shared_secrets > 0, "no game reached a card both seats had peeked: the check proved nothing"


def test_every_game_seat_count_and_preset_is_checked() -> None:
    checked = {(name, str(options.get("preset")), options.get("players")) for name, options in configs()}
    wanted = {("cambio", "classic", 2), ("cambio", "house", 4), ("go_fish", "family", 3), ("basra", "partners", 4)}
    assert wanted | {("casino", "ramapo", None), ("three_trios", "holes", None)} <= checked
    assert {name for name, _ in configs()} == set(deckhand.games())


def _shows_what_every_seat_knows(self: CambioView, state: CambioState, player: int) -> CambioState:
    """The old rule: a card known to every seat goes into the public view."""
    redacted = CambioState(state.game, state, history=False)
    every = (1 << state.game.players) - 1
    need = (1 << player) if player >= 0 else every
    redacted.hands = [
        [c if c < 0 or state.phase == END or m & need == need else UNKNOWN for c, m in zip(h, k, strict=True)]
        for h, k in zip(state.hands, state.known, strict=True)
    ]
    redacted.pile = [UNKNOWN] * len(state.pile)
    redacted.drawn = state.drawn if state.took or state.mover == player or state.drawn < 0 else UNKNOWN
    return redacted


@pytest.mark.parametrize("preset", ["classic", "house"])
def test_showing_what_every_seat_peeked_is_caught(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CambioView, "redact", _shows_what_every_seat_knows)
    game = deckhand.load_game("cambio", preset=preset)
    with pytest.raises(SecretLeak, match="no onlooker has seen"):
        for seed in range(GAMES[1]):
            check_spectator(game, seed)


@pytest.mark.parametrize("name", ["basra", "cambio", "casino", "go_fish"])
def test_a_public_view_that_shows_a_seats_cards_is_caught(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = deckhand.load_game(name)
    monkeypatch.setattr(game, "public_view", lambda state: state.view(0))  # a spectator handed seat 0's view
    with pytest.raises(SecretLeak, match="no onlooker has seen"):
        check_spectator(game, 1)
