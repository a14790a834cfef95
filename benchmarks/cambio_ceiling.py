"""Cambio: how far search over the playout policy can go against ``seed-hard``.

    python benchmarks/cambio_ceiling.py --sees all  [--samples 100] [--games 200] [--seed 0]
    python benchmarks/cambio_ceiling.py --sees view [--samples 100] [--games 200] [--seed 0]
    python benchmarks/cambio_ceiling.py --sees own|opponent|none --at start
    python benchmarks/cambio_ceiling.py --sees all --at start|hold|power
    python benchmarks/cambio_ceiling.py --knows own|opponent|both [--games 20000]
    python benchmarks/cambio_ceiling.py --check [--games 300]

The player is flat Monte Carlo: every legal action is tried in ``--samples``
playouts and the best mean return is played. The playouts are as well
informed as they can be: our seat plays the game's playout policy, and the
other seat plays an exact copy of ``seed-hard``'s rules (``--check`` confirms
the copy picks ``seed-hard``'s move at every decision of N games). With
``--sees all`` every playout starts from the true position (only the order
of the deck is unknown): a clairvoyant player, the bound for any honest
search built this way. With ``--sees view`` each playout starts from a world
dealt from the seat's view (``sample_likely_world``), as a real search does.
In between, ``--sees own`` starts from the seat's own true cards with every
other seat's unseen cards dealt again at random, ``--sees opponent`` the
other way round: which hand's cards the search needs to know. ``--sees
none`` deals every unseen card at random, without the view's lean.
``--at`` lets the search choose only at one kind of decision (the start of a
turn, a drawn card, a power) and the policy play the rest: which decisions
the knowledge pays at.

``--knows`` measures the value of that knowledge without search: the policy
itself plays, told the cards it has not seen in its own hand, in the
opponent's, or in both.

Seats alternate over paired deals; the score comes with a Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable

import deckhand
from deckhand.agents.registry import make_agent
from deckhand.games.cambio import actions as N
from deckhand.games.cambio import playout as rollout
from deckhand.games.cambio.options import NO_POWER
from deckhand.games.cambio.phases import EMPTY, HOLD, KING_PEEK, KING_SWITCH, PEEK_OTHER_P, PEEK_OWN_P, START, SWITCH_P
from deckhand.games.cambio.state import CambioState
from deckhand.play.intervals import wilson

DECISIONS = {
    "start": (START,),
    "hold": (HOLD,),
    "power": (PEEK_OWN_P, PEEK_OTHER_P, KING_PEEK, SWITCH_P, KING_SWITCH),
}
DECISIONS["every"] = tuple(phase for phases in DECISIONS.values() for phase in phases)

UNKNOWN = 6
"""``seed-hard``'s value of a card it has not seen."""


class SeedHardCopy:
    """``seed-hard``'s decision tree on a full state, reading only the mover's knowledge bits."""

    def __init__(self, state: CambioState) -> None:
        self.s = state
        self.p = state.mover
        self.value = state.game.value

    def cv(self, q: int, t: int) -> int:
        return self.value[self.s.hands[q][t]] if self.s.known[q][t] >> self.p & 1 else UNKNOWN

    def slots(self, q: int) -> list[int]:
        return [t for t, c in enumerate(self.s.hands[q]) if c != EMPTY]

    def config(self, q: int) -> int:
        return sum(self.cv(q, t) for t in self.slots(q))

    def others(self) -> list[int]:
        n = self.s.game.players
        return [(self.p + k) % n for k in range(1, n)]

    def highest(self) -> int:
        return max(self.slots(self.p), key=lambda t: (self.cv(self.p, t), -t))

    def swap_slot(self) -> int:
        return max(self.slots(self.p), key=lambda t: (self.cv(self.p, t), t))

    def action(self) -> int:
        s, p, value, game = self.s, self.p, self.value, self.s.game
        phase = s.phase
        if phase == START:
            mine = self.config(p)
            if s.caller < 0 and mine <= 10 and all(mine < self.config(q) for q in self.others()):
                return N.A_CAMBIO
            if game.take_discard and s.discard and self.slots(p):
                top = s.discard[-1]
                if value[top] < 5 and value[top] < self.cv(p, self.swap_slot()):
                    return N.A_TAKE
            return N.A_DRAW
        if phase == HOLD:
            if not self.slots(p):
                return N.A_DISCARD
            card, slot = s.drawn, self.swap_slot()
            if s.took or (game.power[card] == NO_POWER and value[card] < 5 and value[card] < self.cv(p, slot)):
                return N.slot_action(N.Kind.SWAP, slot)
            return N.A_DISCARD
        if phase in (PEEK_OWN_P, PEEK_OTHER_P, KING_PEEK):
            seats = [p] if phase == PEEK_OWN_P else self.others()
            if phase == KING_PEEK and not game.king_peeked:
                seats = [*seats, p]
            for q in seats:
                for t in self.slots(q):
                    if not s.known[q][t] >> p & 1:
                        return N.pos_action(N.Kind.PEEK, q, t)
            return N.A_SKIP
        if phase in (SWITCH_P, KING_SWITCH):
            return self.switch()
        raise ValueError(f"seed-hard's copy does not play phase {phase} (sticking is off in the classic preset)")

    def switch(self) -> int:
        s, p, value = self.s, self.p, self.value
        if s.phase == KING_SWITCH and s.game.king_peeked:
            raise ValueError("seed-hard's copy plays the classic king only")
        known = sorted(
            (value[s.hands[q][t]], q, t)
            for q in self.others()
            if not s.locked(q)
            for t in self.slots(q)
            if s.known[q][t] >> p & 1
        )
        mine = self.slots(p)
        if not known or not mine:
            return N.A_SKIP
        v, q, t = known[0]
        if s.phase == SWITCH_P:
            high = self.highest()
            return N.switch_action(p, high, q, t) if v < 4 and self.cv(p, high) > v else N.A_SKIP
        unseen = [u for u in mine if not s.known[p][u] >> p & 1]
        if v < 3:
            return N.switch_action(p, unseen[0] if unseen else self.highest(), q, t)
        seen = [u for u in mine if s.known[p][u] >> p & 1]
        if seen:
            high = max(seen, key=lambda u: (value[s.hands[p][u]], -u))
            if value[s.hands[p][high]] >= v + 3:
                return N.switch_action(p, high, q, t)
        return N.switch_action(p, unseen[0], q, t) if unseen and v < UNKNOWN else N.A_SKIP


def install_model(me: list[int]) -> None:
    """Playouts: seat ``me[0]`` plays the policy, every other seat the copy of ``seed-hard``."""
    policy: Callable[[CambioState, random.Random], int] = rollout.rollout_action

    def modelled(state: CambioState, rng: random.Random) -> int:
        return policy(state, rng) if state.mover == me[0] else SeedHardCopy(state).action()

    rollout.rollout_action = modelled  # read at call time by playout.play_out


def flat_choice(state: CambioState, sees: str, samples: int, rng: random.Random) -> int:
    view = state.view(state.mover)
    legal = [int(a) for a in view.legal_actions() if isinstance(a, int)]
    if len(legal) == 1:
        return legal[0]
    me = state.mover
    others = [q for q in range(state.game.players) if q != me]
    redealt = {"own": others, "opponent": [me], "none": [me, *others]}.get(sees, [])
    best, best_total = legal[0], -1.0
    for action in legal:
        total = 0.0
        for _ in range(samples):
            if sees == "all":
                world: deckhand.State = state.clone()
            elif sees == "view":
                world = view.sample_likely_world(rng)
            else:
                world = redeal(state, redealt, rng)
            assert isinstance(world, CambioState)
            world.apply_action(action)
            total += world.play_out(rng)[me]
        if total > best_total:
            best, best_total = action, total
    return best


def redeal(state: CambioState, seats: list[int], rng: random.Random) -> CambioState:
    """A copy of ``state`` in which the cards the mover has not seen in ``seats`` are dealt again.

    They are shuffled with the draw pile (an unordered multiset), so the
    mover's knowledge and everything public stay exactly as they were.
    """
    world = state.clone()
    bit = 1 << world.mover
    places = [
        (q, t)
        for q in seats
        for t, (card, mask) in enumerate(zip(world.hands[q], world.known[q], strict=True))
        if card != EMPTY and not mask & bit
    ]
    cards = [world.hands[q][t] for q, t in places] + world.pile
    rng.shuffle(cards)
    for card, (q, t) in zip(cards, places, strict=False):
        world.hands[q][t] = card
    world.pile = cards[len(places) :]
    return world


def told(state: CambioState, knows: str) -> CambioState:
    """A copy of ``state`` in which the mover has seen the hidden cards ``knows`` names."""
    world = state.clone()
    p = world.mover
    for q in range(world.game.players):
        if knows == "both" or (q == p) == (knows == "own"):
            world.known[q] = [m | 1 << p for m in world.known[q]]
    return world


def check(game: deckhand.Game, games: int) -> None:
    """The copy must choose ``seed-hard``'s move at every one of its decisions."""
    decisions = 0
    for number in range(games):
        rng = random.Random(number)
        agents = [make_agent("hard", game), make_agent("seed-hard", game)]
        if number % 2:
            agents.reverse()
        state = game.new_initial_state()
        while not state.is_terminal():
            p = state.current_player()
            if p < 0:
                state.apply_action(state.sample_chance_outcome(rng))
                continue
            action = agents[p].step(state.view(p), rng)
            if agents[p].name == "seed-hard":
                assert isinstance(state, CambioState) and isinstance(action, int)
                decisions += 1
                copy = SeedHardCopy(state).action()
                if copy != action:
                    raise SystemExit(
                        f"game {number}: seed-hard played {state.action_to_string(action)}, "
                        f"the copy {state.action_to_string(copy)}"
                    )
            state.apply_action(action)
    print(f"the copy agrees with seed-hard at all {decisions} decisions of {games} games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sees",
        choices=["all", "own", "opponent", "none", "view"],
        default="view",
        help="the hidden cards the playouts start from: all true, only the own hand's or the opponent's, "
        "none (dealt uniformly), or dealt from the view",
    )
    parser.add_argument("--samples", type=int, default=100, help="playouts per legal action")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--at",
        choices=list(DECISIONS),
        default="every",
        help="search only at these decisions; the policy makes the rest",
    )
    parser.add_argument(
        "--knows", choices=["own", "opponent", "both"], help="no search: the policy plays, told these hidden cards"
    )
    parser.add_argument("--check", action="store_true", help="only confirm the copy of seed-hard")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = deckhand.load_game("cambio", preset="classic")
    if args.check:
        check(game, args.games)
        return
    me = [-1]
    policy = rollout.rollout_action
    install_model(me)
    searched = DECISIONS[args.at]
    results: list[float] = []
    for number in range(args.games):
        rng = random.Random(args.seed * 1_000_003 + number // 2)
        seat = number % 2
        opponent = make_agent("seed-hard", game)
        seat_rngs = [random.Random(rng.getrandbits(64)) for _ in range(2)]
        state = game.new_initial_state()
        assert isinstance(state, CambioState)
        while not state.is_terminal():
            p = state.current_player()
            if p < 0:
                state.apply_action(state.sample_chance_outcome(rng))
            elif p == seat and args.knows:
                state.apply_action(policy(told(state, args.knows), seat_rngs[p]))
            elif p == seat and state.phase in searched:
                me[0] = p
                state.apply_action(flat_choice(state, args.sees, args.samples, seat_rngs[p]))
            elif p == seat:
                state.apply_action(policy(state, seat_rngs[p]))
            else:
                move = opponent.step(state.view(p), seat_rngs[p])
                assert isinstance(move, int)  # Cambio's actions are ints
                state.apply_action(move)
        results.append(state.returns()[seat])
    score = sum(results) / len(results)
    lo, hi = wilson(sum(results), len(results))
    if args.knows:
        row: dict[str, object] = {"knows": args.knows}
        hands = {"own": "its own hand", "opponent": "the opponent's hand", "both": "both hands"}[args.knows]
        who = f"the policy, told the hidden cards of {hands}"
    else:
        row = {"sees": args.sees, "samples": args.samples, "at": args.at}
        who = f"flat Monte Carlo at {args.at} decisions, sees {args.sees}, {args.samples} playouts per action"
    row.update({"games": len(results), "score": round(score, 3), "ci95": [round(lo, 3), round(hi, 3)]})
    print(f"{who}, against seed-hard: {len(results)} games, score {score:.3f} [{lo:.3f}, {hi:.3f}]")
    if args.json:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
