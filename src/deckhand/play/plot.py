"""Drawing arena results with matplotlib (the optional ``plot`` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from deckhand.core.errors import ConfigError

if TYPE_CHECKING:
    from deckhand.play.arena import ArenaResult


NEEDS_MATPLOTLIB = "--plot needs matplotlib: pip install 'deckhand[plot]'"


def check_plot_target(path: str | Path) -> None:
    """Fail before a long arena run, not after it, when its plot could not be drawn or saved."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ConfigError(NEEDS_MATPLOTLIB) from None
    folder = Path(path).parent
    if not folder.is_dir():
        raise ConfigError(f"--plot: {path}: the folder {folder} does not exist")
    if Path(path).is_dir():
        raise ConfigError(f"--plot: {path} is a folder; give an image file name such as results.png")


def plot_arena(result: ArenaResult, path: str | Path) -> Path:
    """Save a chart of each agent's score with its 95% interval (and its rating, for 3+ agents)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ConfigError(NEEDS_MATPLOTLIB) from None
    target = Path(path)
    rows = result.summary
    names = [r.name for r in rows]
    scores = [r.score for r in rows]
    below = [r.score - r.ci95[0] for r in rows]
    above = [r.ci95[1] - r.score for r in rows]
    rated = all(r.elo is not None for r in rows)
    fig, axes = plt.subplots(1, 2 if rated else 1, figsize=(9 if rated else 5.5, 3.6), squeeze=False)
    ax = axes[0][0]
    ax.bar(names, scores, yerr=[below, above], capsize=6, color="#4c78a8")
    ax.axhline(1.0 / result_players(result), color="grey", linestyle=":", linewidth=1)
    ax.set_ylim(0, 1)
    ax.set_ylabel("score (mean return) with 95% interval")
    ax.set_title(f"{result.game}: {len(result.results)} games")
    ax.tick_params(axis="x", labelrotation=20)
    if rated:
        ax2 = axes[0][1]
        ax2.bar(names, [float(r.elo or 0) - 1500 for r in rows], bottom=1500, color="#f58518")
        ax2.axhline(1500, color="grey", linewidth=1)
        ax2.set_ylabel("Bradley–Terry rating (Elo scale)")
        ax2.tick_params(axis="x", labelrotation=20)
    fig.tight_layout()
    try:
        fig.savefig(target)
    except OSError as exc:
        raise ConfigError(f"{target}: cannot write the plot: {exc.strerror or exc}") from None
    finally:
        plt.close(fig)
    return target


def result_players(result: ArenaResult) -> int:
    """Agents at each table: an agent of even strength scores one over it."""
    if not result.results:
        return 2
    return max(2, len(set(result.results[0].lineup)))
