"""A long fuzz run over every parser and loader (the suite runs the same targets briefly).

    python benchmarks/fuzz.py [--inputs 20000] [--target NAME] [--seed 1]

Feeds ``--inputs`` mutated inputs to each target of ``deckhand.testing.fuzz``
(about 600,000 in all by default) and prints, target by target as it goes,
the inputs tried, the time taken and the failures by kind, with the first
failing input of each kind. The contract: every bad input raises a
``DeckhandError`` with a one-line message; nothing else, and no illegal move accepted.
"""

from __future__ import annotations

import argparse
import random
import time

from deckhand.testing.fuzz import run, targets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--inputs", type=int, default=20_000, help="inputs per target")
    parser.add_argument("--target", help="only the targets whose name contains this")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chosen = [t for t in targets() if not args.target or args.target in t.name]
    total_inputs = total_failures = 0
    start = time.perf_counter()
    print(f"{'target':<28} {'inputs':>8} {'seconds':>8}  failures by kind", flush=True)
    for target in chosen:
        began = time.perf_counter()
        kinds, examples = run(target, args.inputs, random.Random(f"{args.seed}/{target.name}"))
        total_inputs += args.inputs
        total_failures += sum(kinds.values())
        found = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) or "none"
        print(f"{target.name:<28} {args.inputs:>8} {time.perf_counter() - began:>8.1f}  {found}", flush=True)
        for example in examples.values():
            print(f"    first: {example[:400]}", flush=True)
    print(f"{total_inputs} inputs, {total_failures} failures, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
