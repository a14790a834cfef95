"""deckhand's ISMCTS against OpenSpiel's ISMCTSBot at equal iterations and equal time; the hard levels against it.

    python benchmarks/openspiel_match.py [--game NAME ...] [--games N] [--iterations K] [--seconds T]
                                         [--rollout shipped|random|policy] [--no-hard] [--match ROW ...]
                                         [--option KEY=VALUE ...] [--speed P] [--seed S] [--workers W] [--json]

Needs OpenSpiel (``pip install 'deckhand[rl]'``). For each game (Cambio,
Basra and Casino by default, at their default presets) the arena plays, over
paired deals (every deal once per seating, so the luck of the cards cancels):

* ``ismcts:iterations=K`` against ``openspiel-ismcts:iterations=K`` (equal iterations);
* ``ismcts:seconds=T`` against ``openspiel-ismcts:seconds=T`` (equal time per move);
* the game's ``hard`` level against ``openspiel-ismcts`` at K iterations and at T seconds
  (``--no-hard`` leaves these out: Basra's and Casino's hard levels think half a second a move).

``--option`` (``-o``) sets a game option for every game: ``max_decks=1`` ends
Basra after one deck, ``target=1`` Casino after one round (about a tenth and
a third of a whole game's moves).
``--match`` picks rows instead (repeat): ``iterations``, ``time``, ``hard-iterations``, ``hard-time``.

Each row gives the first agent's score (mean return: 1 a win, 0 a loss, 1/2
a shared win) with a 95% interval from a bootstrap over deals (the deals'
games are not independent). Before the matches, ``--speed P`` positions per
game time both searches at K iterations: simulations per second say what
equal time buys each.

How the two searches differ, so that a row can be read: OpenSpiel's bot sees
a composite move (a Basra capture, a Casino build) as several decisions, one
per token, and runs K simulations for each (OpenSpiel counts per decision),
while deckhand's runs K per move; at equal time both spend T per move.
OpenSpiel's tree is keyed by each mover's own information state in the
sampled world; deckhand's by the searcher's (see ``deckhand.agents.ismcts``).
``--rollout`` sets the leaf evaluation: ``shipped`` (default) leaves each as
it ships (deckhand's game playout policy and its belief about hidden cards;
OpenSpiel's uniformly random playouts); ``random`` or ``policy`` gives both
the same playouts and deals deckhand's worlds uniformly, as OpenSpiel's
resampling does, so that the rows compare the trees alone. Run it with
``--workers`` no more than the idle cores: at equal time a busy core is a slower player.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.cli_arena import parse_options
from deckhand.play.arena import run_arena

GAMES = ("cambio", "basra", "casino")
ROLLOUTS = ("shipped", "random", "policy")


def specs(iterations: int, seconds: float, rollout: str) -> tuple[list[str], list[str]]:
    """deckhand's and OpenSpiel's agent specs: at equal iterations, then at equal time."""
    ours = "" if rollout == "shipped" else f",rollout={rollout},belief=uniform"
    theirs = "" if rollout in ("shipped", "random") else f",rollout={rollout}"
    return (
        [f"ismcts:iterations={iterations}{ours}", f"ismcts:seconds={seconds:g}{ours}"],
        [f"openspiel-ismcts:iterations={iterations}{theirs}", f"openspiel-ismcts:seconds={seconds:g}{theirs}"],
    )


MATCHES = {
    "iterations": "equal iterations",
    "time": "equal time",
    "hard-iterations": "hard vs iterations",
    "hard-time": "hard vs time",
}


def matches(iterations: int, seconds: float, rollout: str, chosen: list[str]) -> list[tuple[str, str, str]]:
    """(label, first agent, second agent) for each chosen row of one game."""
    (ours_k, ours_t), (theirs_k, theirs_t) = specs(iterations, seconds, rollout)
    rows = {
        "iterations": (ours_k, theirs_k),
        "time": (ours_t, theirs_t),
        "hard-iterations": ("hard", theirs_k),
        "hard-time": ("hard", theirs_t),
    }
    return [(MATCHES[name], *rows[name]) for name in chosen]


def speed(
    game_name: str, options: dict[str, Any], agents: list[str], positions: int, seed: int
) -> dict[str, tuple[float, float]]:
    """Simulations per CPU second and per move of each agent over ``positions`` seeded positions of ``game_name``.

    Per move, because OpenSpiel's bot runs its iterations once per token of a composite move.
    """
    game = deckhand.load_game(game_name, **options)
    built = {spec: make_agent(spec, game) for spec in agents}
    spent = dict.fromkeys(agents, 0.0)
    counted = dict.fromkeys(agents, 0)
    rng = random.Random(seed)
    done = 0
    while done < positions:
        state = game.new_initial_state()
        steps = rng.randrange(4, 40)
        while not state.is_terminal() and steps > 0:
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            steps -= 1
        while state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        view = state.view(state.current_player())
        for spec, agent in built.items():
            start = time.process_time()
            explanation = agent.explain(view, random.Random(done))
            spent[spec] += time.process_time() - start
            counted[spec] += explanation.data.get("iterations") or simulations(explanation.reason)
        done += 1
    return {spec: (counted[spec] / spent[spec] if spent[spec] else 0.0, counted[spec] / positions) for spec in agents}


def simulations(reason: str) -> int:
    """The simulations an OpenSpiel bot's explanation reports: "..., 400 simulations ..." (deckhand's searches
    give theirs in ``data["iterations"]``)."""
    for word in ("iterations", "simulations"):
        head, found, _ = reason.partition(f" {word}")
        if found:
            return int(head.rsplit(" ", 1)[-1])
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=GAMES, help="a game to play (repeat; default: all three)")
    parser.add_argument("--games", type=int, default=200, help="games per row (deals x 2 seatings)")
    parser.add_argument("--iterations", type=int, default=500, help="K: iterations per search at equal iterations")
    parser.add_argument("--seconds", type=float, default=0.1, help="T: seconds per move at equal time")
    parser.add_argument("--rollout", choices=ROLLOUTS, default="shipped")
    parser.add_argument("--no-hard", dest="hard", action="store_false", help="leave out the hard levels' rows")
    parser.add_argument("--match", action="append", choices=MATCHES, help="a row to play (repeat; default: all four)")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE", help="game option")
    parser.add_argument("--speed", type=int, default=5, metavar="P", help="positions to time each search on (0: none)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    options = parse_options(args.option, None)
    chosen = args.match or [name for name in MATCHES if args.hard or not name.startswith("hard")]

    rows: list[dict[str, Any]] = []
    speeds: dict[str, dict[str, list[float]]] = {}
    for game in args.game or GAMES:
        if args.speed:
            (ours, _), (theirs, _) = specs(args.iterations, args.seconds, args.rollout)
            timed = speed(game, options, [ours, theirs], args.speed, args.seed)
            speeds[game] = {
                spec: [round(per_second), round(per_move)] for spec, (per_second, per_move) in timed.items()
            }
            print(
                f"{game}: simulations per CPU second and per move: "
                + ", ".join(f"{spec} {per_second}, {per_move}" for spec, (per_second, per_move) in speeds[game].items())
            )
    print("| game | match | first agent | second agent | games | first's score | 95% interval | minutes |")
    print("|---|---|---|---|---|---|---|---|")
    for game in args.game or GAMES:
        for label, first, second in matches(args.iterations, args.seconds, args.rollout, chosen):
            start = time.perf_counter()
            result = run_arena(
                game,
                [first, second],
                options=options,
                games=args.games,
                seed=args.seed,
                workers=args.workers,
                ci="bootstrap",
            )
            top = next(r for r in result.summary if r.name == first)
            lo, hi = top.ci95
            row: dict[str, Any] = {
                "game": game,
                "match": label,
                "first": first,
                "second": second,
                "games": top.games,
                "score": round(top.score, 3),
                "ci95": [round(lo, 3), round(hi, 3)],
                "minutes": round((time.perf_counter() - start) / 60, 2),
            }
            rows.append(row)
            print(
                f"| {game} | {label} | {first} | {second} | {row['games']} | {row['score']:.3f} "
                f"| {lo:.3f}–{hi:.3f} | {row['minutes']:.2f} |",
                flush=True,
            )
    if args.json:
        print(json.dumps({"options": options, "speed": speeds, "rows": rows}))


if __name__ == "__main__":
    main()
