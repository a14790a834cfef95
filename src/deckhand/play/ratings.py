"""Ratings from arena games: Bradley–Terry strengths, reported on the Elo scale.

Every game is broken into pairwise results between the different agents
that sat in it (the better return wins the pair, equal returns halve it).
Bradley–Terry strengths are fitted by Hunter's minorize–maximize iteration
(2004); each pair of agents also gets one virtual drawn game so that an
agent that never lost keeps a finite rating. Ratings are ``1500 + 400 *
log10(strength)``, centred so that their mean is 1500: a 400-point gap means
10:1 odds, as in Elo.

>>> table = {("a", "b"): 30.0, ("b", "a"): 10.0}
>>> r = bradley_terry(["a", "b"], table)
>>> r["a"] > 1500 > r["b"]
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

PairWins = Mapping[tuple[str, str], float]
"""``(winner, loser) -> wins`` (draws counted as half a win each way)."""


def pair_results(names: Sequence[str], returns: Sequence[float]) -> dict[tuple[str, str], float]:
    """Pairwise wins of one game: ``names[i]`` sat where ``returns[i]`` was earned."""
    by_agent: dict[str, float] = {}
    for name, value in zip(names, returns, strict=True):
        by_agent[name] = by_agent.get(name, 0.0) + value
    out: dict[tuple[str, str], float] = {}
    agents = sorted(by_agent)
    for i, a in enumerate(agents):
        for b in agents[i + 1 :]:
            if by_agent[a] > by_agent[b] + 1e-9:
                out[(a, b)] = 1.0
            elif by_agent[b] > by_agent[a] + 1e-9:
                out[(b, a)] = 1.0
            else:
                out[(a, b)] = out[(b, a)] = 0.5
    return out


def bradley_terry(names: Sequence[str], wins: PairWins, iterations: int = 500) -> dict[str, float]:
    """Bradley–Terry ratings on the Elo scale (mean 1500) from pairwise ``wins``."""
    agents = list(dict.fromkeys(names))
    if len(agents) < 2:
        return {a: 1500.0 for a in agents}
    w = {(a, b): wins.get((a, b), 0.0) for a in agents for b in agents if a != b}
    for a in agents:
        for b in agents:
            if a < b and (w[(a, b)] + w[(b, a)]) > 0:
                w[(a, b)] += 0.5
                w[(b, a)] += 0.5
    strength = dict.fromkeys(agents, 1.0)
    for _ in range(iterations):
        new = {}
        for a in agents:
            won = sum(w[(a, b)] for b in agents if b != a)
            denom = sum((w[(a, b)] + w[(b, a)]) / (strength[a] + strength[b]) for b in agents if b != a)
            new[a] = won / denom if denom > 0 else strength[a]
        norm = math.exp(sum(math.log(max(v, 1e-300)) for v in new.values()) / len(new))
        change = max(abs(new[a] / norm - strength[a]) for a in agents)
        strength = {a: new[a] / norm for a in agents}
        if change < 1e-10:
            break
    return {a: 1500.0 + 400.0 * math.log10(max(strength[a], 1e-300)) for a in agents}


def expected_score(rating_a: float, rating_b: float) -> float:
    """Elo's expected score of ``a`` against ``b``."""
    return 1.0 / (1.0 + 10 ** ((rating_b - rating_a) / 400.0))
