"""Play deckhand games through the PettingZoo environment with agents that read the action mask.

Each agent picks a legal token at random (``--policy random``). With
``--policy greedy`` it does so too, but in the middle of a composite move (a
Basra capture, a Casino capture or build: several steps of the same agent)
it never picks ``end`` while it may take another card, so its captures take
all they can.

    python examples/pettingzoo_random.py --game basra --preset partners --games 5 --seed 1

Needs the rl extra: ``pip install 'deckhand[rl]'``.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

import numpy as np

from deckhand.envs.pettingzoo import raw_env


def choose(mask: np.ndarray, ends: set[int], policy: str, rng: random.Random) -> int:
    """A legal token at random; greedy: not one of ``ends`` while another is legal."""
    legal = [int(t) for t in np.flatnonzero(mask)]
    if policy == "greedy" and len(legal) > 1:
        legal = [t for t in legal if t not in ends] or legal
    return legal[int(rng.random() * len(legal))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="casino", help="a game of deckhand.games()")
    parser.add_argument("--preset", default=None, help="one of the game's presets")
    parser.add_argument("--games", type=int, default=3, help="how many games to play")
    parser.add_argument("--seed", type=int, default=0, help="seeds the deals and the agents")
    parser.add_argument("--policy", choices=("random", "greedy"), default="random", help="for every seat")
    args = parser.parse_args()

    env = raw_env(args.game, args.preset)
    rng = random.Random(args.seed)
    ends = {t for t, name in enumerate(env.encoding.token_names()) if name == "end"}
    wins: Counter[str] = Counter()
    for number in range(args.games):
        env.reset(seed=args.seed + number)
        steps = 0
        rewards: dict[str, float] = {}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                rewards[agent] = float(reward)
                env.step(None)
                continue
            env.step(choose(obs["action_mask"], ends, args.policy, rng))
            steps += 1
        best = max(rewards.values())
        for agent, reward in rewards.items():
            if reward == best:
                wins[agent] += 1
        shown = ", ".join(f"{agent} {reward:g}" for agent, reward in sorted(rewards.items()))
        print(f"game {number + 1}: {steps} steps, {len(env.state.history())} actions; rewards: {shown}")
    print("wins (shared wins count for each):", ", ".join(f"{a} {wins[a]}" for a in env.possible_agents))


if __name__ == "__main__":
    main()
