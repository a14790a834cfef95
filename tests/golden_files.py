"""Golden playthroughs: one seeded game per game and preset, every step written down, to pin the rules.

Regenerate them from the repository's root (with ``deckhand`` importable, e.g. ``PYTHONPATH=src``)::

    python -m tests.golden_files            # every game's files
    python -m tests.golden_files cambio     # one game's (several names allowed)

A file ``tests/GAME/golden/NAME.json`` is a game record (``deckhand replay``
reads it) with the seed in ``meta`` and, one line per step, what the rules
did: who was to move, the legal moves in notation (at a chance node its
outcomes, with ``odds`` when they are not all equal), the action taken, the
spectator's view (``public``) and the view of the seat to move (``seat``).
It ends with the final spectator's view and the outcome. Chance and the
players' moves are drawn from one ``random.Random(seed)`` (chance by its
odds, a move uniformly among the legal ones, in the game's order), not by
the game's agents: agents may grow stronger while the rules stay the same.

To keep the files small and their diffs readable, a view is written without
its ``game``, ``rules_version`` and ``options`` keys when they equal the
file's own, and the seat's view holds only the keys where it differs from
the public one (``"-"`` lists keys it lacks). ``test_golden_files.py``
replays each file from its seed and names the first step that differs.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import deckhand
from deckhand.core.errors import DeckhandError
from deckhand.core.protocol import Game, State, player_label
from deckhand.core.registry import game_class
from deckhand.play.records import FORMAT

TESTS = Path(__file__).resolve().parent
COMMAND = "python -m tests.golden_files"
CHOOSER = "one random.Random(seed): chance by its odds, a move uniformly among the legal ones"
HEADER = ("game", "rules_version", "options")
"""The keys every view repeats from the file's header."""
WRITTEN = ("format", "seats", "meta")
"""The header's keys that this module writes, whatever the rules."""

EXTRA: dict[str, dict[str, dict[str, Any]]] = {
    "cambio": {
        "classic-4": {"preset": "classic", "players": 4},
        "house-4": {"preset": "house", "players": 4},
    },
    "three_trios": {
        "holes-reverse-same": {"preset": "holes", "rules": ["reverse", "fallen-ace", "same"]},
        "holes-plus-file-order": {"preset": "holes", "rules": ["plus"], "shuffle": False},
    },
}
"""Beyond the presets: other player counts where the rules differ by count (Basra's and Go Fish's four
players are presets already), and Three Trios' other battle rules and its deal from the file on a larger board."""

SEEDS: dict[tuple[str, str], int] = {
    ("basra", "bazzi"): 15,
    ("basra", "egyptian"): 27,
    ("basra", "partners"): 24,
    ("cambio", "classic"): 0,
    ("cambio", "house"): 15,
    ("cambio", "classic-4"): 30,
    ("cambio", "house-4"): 36,
}
"""Seeds other than 1: Basra plays to 101 or 151 points, and its shortest of 30 seeded games keep the files
to a few hundred KB; a random Cambio player often calls at once, and its longest of 40 reach further."""


@dataclass(frozen=True)
class Golden:
    """One golden file: the game, its name, the options it is loaded with and the seed."""

    game: str
    name: str
    options: dict[str, Any] = field(hash=False)
    seed: int

    @property
    def path(self) -> Path:
        return TESTS / self.game / "golden" / f"{self.name}.json"


def goldens(names: Iterable[str] | None = None) -> list[Golden]:
    """The golden files there should be, for ``names`` (every registered game by default).

    Every preset has one; the default options have their own when they are not a preset's.
    """
    out: list[Golden] = []
    for game in names or deckhand.games():
        presets = game_class(game).PRESETS
        configs = {preset: {"preset": preset} for preset in presets}
        default = deckhand.load_game(game).options
        if all(deckhand.load_game(game, **options).options != default for options in configs.values()):
            configs["default"] = {}
        configs.update(EXTRA.get(game, {}))
        out.extend(Golden(game, name, options, SEEDS.get((game, name), 1)) for name, options in configs.items())
    return out


def _plain(data: Any) -> Any:
    """``data`` as JSON gives it back (tuples become lists, keys strings): what a file holds."""
    return json.loads(json.dumps(data))


def _view_json(view: dict[str, Any], header: dict[str, Any]) -> dict[str, Any]:
    """``view`` without the header's keys it repeats (a stacked deck's options differ, and stay)."""
    return {key: value for key, value in view.items() if not (key in HEADER and header.get(key) == value)}


def _seat_json(seat: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """The keys where the seat's view differs from the public one; ``"-"``: the public keys it lacks."""
    out = {key: value for key, value in seat.items() if key not in public or public[key] != value}
    missing = [key for key in public if key not in seat]
    if missing:
        out["-"] = missing
    return out


def _step(state: State, rng: random.Random, header: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """What the rules show at ``state``, and the action drawn there (not yet played)."""
    player = state.current_player()
    step: dict[str, Any] = {"to_move": player_label(player)}
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        actions = [action for action, _ in outcomes]
        odds = [p for _, p in outcomes]
        action = rng.choices(actions, odds)[0]
    else:
        actions = state.legal_actions()
        odds = []
        action = rng.choice(actions)
    step["action"] = state.action_to_string(action)
    step["legal"] = [state.action_to_string(a) for a in actions]
    if any(p != odds[0] for p in odds):
        step["odds"] = odds
    public = _plain(_view_json(state.public_view().to_json(), header))
    step["public"] = public
    if player >= 0:
        step["seat"] = _seat_json(_plain(_view_json(state.view(player).to_json(), header)), public)
    return _plain(step), action


def play(game: Game, seed: int) -> dict[str, Any]:
    """The golden record of ``game`` played from ``seed`` (see the module's docstring), as JSON data."""
    header: dict[str, Any] = _plain(
        {"game": game.name, "rules_version": game.rules_version, "options": dict(game.options)}
    )
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = []
    while not state.is_terminal():
        step, action = _step(state, rng, header)
        steps.append(step)
        state.apply_action(action)
    return {
        "format": FORMAT,
        **header,
        "seats": ["uniform"] * game.num_players,
        "meta": {"seed": seed, "moves": CHOOSER},
        "actions": [step["action"] for step in steps],
        "steps": steps,
        "final": _plain(_view_json(state.public_view().to_json(), header)),
        "outcome": _plain({"returns": state.returns(), "scores": state.scores()}),
    }


def dumps(record: dict[str, Any]) -> str:
    """The record as a file: one top-level key a line, one step a line, compact JSON."""

    def one(value: Any) -> str:
        return json.dumps(value, separators=(",", ":"))

    lines = []
    for key, value in record.items():
        if key == "steps":
            body = ",\n".join(one(step) for step in value)
            lines.append(f'"steps": [\n{body}\n]')
        else:
            lines.append(f"{one(key)}: {one(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def write(golden: Golden) -> Path:
    """Play and write ``golden``'s file; its path."""
    golden.path.parent.mkdir(parents=True, exist_ok=True)
    record = play(deckhand.load_game(golden.game, **golden.options), golden.seed)
    golden.path.write_text(dumps(record), encoding="utf-8")
    return golden.path


def golden_paths(game: str | None = None) -> list[Path]:
    """The golden files on disk (of ``game``, or of every game), sorted."""
    return sorted(TESTS.glob(f"{game or '*'}/golden/*.json"))


class GoldenDifference(AssertionError):
    """A golden file that its game no longer plays: the message says where, what, and what to do."""


def _shown(value: Any, width: int = 300) -> str:
    text = json.dumps(value)
    return text if len(text) <= width else text[: width - 3] + "..."


def _first_difference(recorded: Any, replayed: Any, where: str) -> str:
    """Where ``recorded`` and ``replayed`` first differ (a key path) and their values there."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in [*recorded, *(k for k in replayed if k not in recorded)]:
            if key not in replayed:
                return f"{where}.{key}: the file has {_shown(recorded[key])}, the replay has no such key"
            if key not in recorded:
                return f"{where}.{key}: the file has no such key, the replay has {_shown(replayed[key])}"
            if recorded[key] != replayed[key]:
                return _first_difference(recorded[key], replayed[key], f"{where}.{key}")
    elif isinstance(recorded, list) and isinstance(replayed, list) and len(recorded) == len(replayed):
        for i, (a, b) in enumerate(zip(recorded, replayed, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{where}[{i}]")
    return f"{where}: the file has {_shown(recorded)}, the replay has {_shown(replayed)}"


def _step_difference(recorded: Any, replayed: dict[str, Any]) -> str:
    """How a step differs, the legal moves first: a different action follows from them."""
    if not isinstance(recorded, dict):
        return _first_difference(recorded, replayed, "step")
    old, new = recorded.get("legal"), replayed["legal"]
    if old != new and isinstance(old, list):
        if sorted(old) == sorted(new):
            return f"step.legal: the same moves in another order: the file has {_shown(old)}, the replay {_shown(new)}"
        lost, added = [m for m in old if m not in new], [m for m in new if m not in old]
        return f"step.legal: the replay lacks {_shown(lost)} and adds {_shown(added)}"
    first = {key: recorded[key] for key in ("to_move", "legal", "odds", "action") if key in recorded}
    return _first_difference({**first, **recorded}, replayed, "step")


def _differences(recorded: dict[str, Any], replayed: dict[str, Any]) -> str | None:
    """The first place where the replay leaves the file, or None when they agree."""
    old_steps, new_steps = recorded.get("steps"), replayed["steps"]
    if recorded.get("options") != replayed["options"]:
        return _first_difference(recorded.get("options"), replayed["options"], "options")
    if not isinstance(old_steps, list):
        return "the file has no list of steps"
    for number, (old, new) in enumerate(zip(old_steps, new_steps, strict=False), start=1):
        if old != new:
            return f"step {number} (to move: {new['to_move']}): " + _step_difference(old, new)
    if len(old_steps) != len(new_steps):
        kept, played = len(old_steps), len(new_steps)
        ends = "the file's game ends" if kept < played else "the replay ends"
        return f"{ends} after {min(kept, played)} steps (file {kept}, replay {played})"
    for key in ("final", "outcome", "actions"):
        if recorded.get(key) != replayed[key]:
            return _first_difference(recorded.get(key), replayed[key], key)
    unknown = sorted(set(recorded) - set(replayed))
    return f"the file has keys the replay does not: {unknown}" if unknown else None


def check(path: Path) -> None:
    """Replay the golden file at ``path`` from its seed; ``GoldenDifference`` if the game plays otherwise."""
    recorded = json.loads(path.read_text(encoding="utf-8"))
    name = recorded["game"]
    cls = game_class(name)
    shown = path.relative_to(TESTS.parent) if path.is_relative_to(TESTS.parent) else path
    regenerate = f"{COMMAND} {name}"
    if str(recorded["rules_version"]) != cls.rules_version:
        raise GoldenDifference(
            f"{name}: {shown} was recorded with rules version {recorded['rules_version']}, and {name} now plays "
            f"version {cls.rules_version}: regenerate the golden files for the new version ({regenerate})"
        )
    bump = (
        f"behaviour changed without a rules version bump (bump {cls.__module__}.{cls.__name__}.rules_version "
        f"of {name} and regenerate: {regenerate})"
    )
    try:
        game = deckhand.load_game(name, **recorded["options"])
    except DeckhandError as exc:
        raise GoldenDifference(f"{name}: {shown}: its options no longer load: {exc}\n{bump}") from None
    replayed = play(game, recorded["meta"]["seed"])
    written = [key for key in WRITTEN if recorded.get(key) != replayed[key]]
    if written:
        raise GoldenDifference(
            f"{name}: {shown}: its {', '.join(written)} are not what {Path(__file__).name} writes today: "
            f"regenerate it ({regenerate})"
        )
    difference = _differences(recorded, replayed)
    if difference is not None:
        raise GoldenDifference(f"{name}: {shown}: {difference}\n{bump}")


def main(argv: Sequence[str]) -> int:
    """Write the golden files of the games named in ``argv`` (all by default); remove files no longer wanted."""
    names = list(argv) or deckhand.games()
    unknown = [name for name in names if name not in deckhand.games()]
    if unknown:
        print(f"unknown game(s): {', '.join(unknown)}; games: {', '.join(deckhand.games())}", file=sys.stderr)
        return 2
    wanted = goldens(names)
    for golden in wanted:
        path = write(golden)
        print(f"{path.relative_to(TESTS.parent)}: {path.stat().st_size // 1024} KB")
    for name in names:
        for path in golden_paths(name):
            if path not in {golden.path for golden in wanted}:
                path.unlink()
                print(f"{path.relative_to(TESTS.parent)}: removed (no such game option set any more)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
