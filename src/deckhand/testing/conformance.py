"""The conformance checks that every game passes.

:func:`check_random_game` plays one seeded random game through the public
protocol and checks, as it goes, every promise of docs/architecture.md, the game protocol:

* ``current_player`` agrees with ``is_chance_node`` / ``is_terminal``;
* chance outcomes are positive, sum to 1, and ``sample_chance_outcome`` draws one;
* a playout estimate, where a chance node offers one, is one value in [0, 1]
  per seat, summing to 1 like returns;
* the notation of every legal action and chance outcome round-trips and is unique;
* ``apply_action`` rejects illegal actions with ``IllegalActionError`` and
  leaves the state untouched;
* ``clone()`` is independent of the original;
* ``to_json()`` is JSON-able and ``game.state_from_json`` restores it;
* no card is lost or duplicated;
* every number a view shows where the state has the same number (or a list) is
  the true number (or the list's length): counts of hidden cards are public;
* for every seat p, ``view(p).sample_world(rng)`` and
  ``view(p).sample_likely_world(rng)`` are states whose ``view(p)`` equals
  ``view(p)``, with the same player to move and the same legal actions;
  the same holds of ``public_view()``, which has no legal actions;
* the game ends within ``max_game_length()``; returns lie in [0, 1] and sum to 1;
* replaying the history (and the game record) gives the same state;
* ``apply_legal`` (no checks: searches and the arena) leaves every state as
  ``apply_action`` does (:func:`check_unchecked_path`).

What a spectator may see is checked apart, against what an onlooker has seen
(:func:`deckhand.testing.check_spectator`), and what each seat receives by
:func:`deckhand.testing.check_secrets`.

Deep checks (JSON, views, worlds) run on a sample of the positions so that
hundreds of games fit in a test run; cheap checks run on every position.
Third-party games can call these functions from their own tests.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from typing import Any

from deckhand.core.errors import DeckhandError, IllegalActionError
from deckhand.core.protocol import Action, Game, State, View
from deckhand.core.turns import CHANCE, PUBLIC, TERMINAL
from deckhand.play.records import GameRecord, replay
from deckhand.testing.secrets import wrong_counts


class ConformanceError(AssertionError):
    """A game broke a promise of the protocol."""


def _fail(game: Game, seed: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"{game.name} {game.options.get('preset', '')} seed {seed} step {step}: {message}")


def _snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check_random_game(game: Game, seed: int, *, deep_every: int = 7, foreign: dict[Any, None] | None = None) -> State:
    """Play one seeded random game, checking the protocol at every step; return the end state.

    ``foreign`` collects actions seen in other games (in order, so runs repeat);
    those that are not legal here are tried as illegal actions.
    """
    rng = random.Random(seed)
    world_rng = random.Random(seed ^ 0x5EED)
    state = game.new_initial_state()
    seen: dict[Any, None] = foreign if foreign is not None else {}
    deck = Counter(game.all_cards())
    limit = game.max_game_length()
    step = 0
    while True:
        player = state.current_player()
        if state.is_terminal() != (player == TERMINAL) or state.is_chance_node() != (player == CHANCE):
            raise _fail(game, seed, step, f"current_player {player} disagrees with is_terminal/is_chance_node")
        deep = step % deep_every == 0 or player == TERMINAL
        if deep:
            _check_deep(game, state, seed, step, deck, world_rng)
        if player == TERMINAL:
            break
        if len(state.history()) >= limit:
            raise _fail(game, seed, step, f"game longer than max_game_length() = {limit}")
        if player == CHANCE:
            actions = _check_chance(game, state, seed, step, rng)
            action = state.sample_chance_outcome(rng)
            if action not in actions:
                raise _fail(game, seed, step, f"sample_chance_outcome gave {action!r}, not an outcome")
        else:
            if player < 0 or player >= game.num_players:
                raise _fail(game, seed, step, f"current_player {player} is not a seat")
            actions = state.legal_actions()
            if not actions:
                raise _fail(game, seed, step, "no legal action for the player to move")
            _check_notation(game, state, actions, seed, step)
            action = actions[int(rng.random() * len(actions))]
        if deep:
            _check_illegal(game, state, actions, seen, seed, step)
            _check_clone(game, state, action, seed, step)
        seen.update(dict.fromkeys(actions[:8]))
        state.apply_action(action)
        step += 1
    _check_end(game, state, seed)
    return state


def _check_chance(game: Game, state: State, seed: int, step: int, rng: random.Random) -> list[Action]:
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise _fail(game, seed, step, "chance node without outcomes")
    total = sum(p for _, p in outcomes)
    if any(p <= 0 for _, p in outcomes) or not math.isclose(total, 1.0, abs_tol=1e-9):
        raise _fail(game, seed, step, f"chance probabilities must be positive and sum to 1 (sum {total})")
    actions = [a for a, _ in outcomes]
    if sorted(map(repr, actions)) != sorted(map(repr, state.legal_actions())):
        raise _fail(game, seed, step, "legal_actions() at a chance node differ from chance_outcomes()")
    _check_notation(game, state, actions, seed, step)
    estimate = state.playout_estimate()
    if estimate is not None and (
        len(estimate) != game.num_players
        or any(not 0.0 <= v <= 1.0 for v in estimate)
        or not math.isclose(sum(estimate), 1.0, abs_tol=1e-9)
    ):
        raise _fail(game, seed, step, f"playout_estimate {estimate!r} is not one value in [0, 1] per seat summing to 1")
    return actions


def _check_notation(game: Game, state: State, actions: list[Action], seed: int, step: int) -> None:
    strings = [state.action_to_string(a) for a in actions]
    if len(set(strings)) != len(strings):
        dupes = [s for s, n in Counter(strings).items() if n > 1]
        raise _fail(game, seed, step, f"two legal actions share the notation {dupes[0]!r}")
    for action, text in zip(actions, strings, strict=True):
        back = state.string_to_action(text)
        if back != action:
            raise _fail(game, seed, step, f"{text!r} parses to {back!r}, not {action!r}")


def _check_illegal(
    game: Game, state: State, actions: list[Action], seen: dict[Any, None], seed: int, step: int
) -> None:
    legal = set(actions)
    candidates: list[Any] = [a for a in list(seen)[:40] if a not in legal][:5]
    candidates += [None, -12345, ("no", "such", "action")]
    before = _snapshot(state)
    for action in candidates:
        try:
            state.apply_action(action)
        except IllegalActionError:
            pass
        except Exception as exc:  # any other error is the failure being tested
            raise _fail(game, seed, step, f"apply_action({action!r}) raised {type(exc).__name__}: {exc}") from exc
        else:
            raise _fail(game, seed, step, f"apply_action({action!r}) accepted an illegal action")
        if _snapshot(state) != before:
            raise _fail(game, seed, step, f"a rejected apply_action({action!r}) changed the state")


def _check_clone(game: Game, state: State, action: Action, seed: int, step: int) -> None:
    before = _snapshot(state)
    copy = state.clone()
    if _snapshot(copy) != before:
        raise _fail(game, seed, step, "clone() differs from the original")
    copy.apply_action(action)
    if _snapshot(state) != before:
        raise _fail(game, seed, step, "applying an action to a clone changed the original")
    child = state.child(action)
    if _snapshot(child) != _snapshot(copy):
        raise _fail(game, seed, step, "child(a) differs from clone() + apply_action(a)")


def _check_deep(game: Game, state: State, seed: int, step: int, deck: Counter[str], world_rng: random.Random) -> None:
    data = state.to_json()
    try:
        text = json.dumps(data, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise _fail(game, seed, step, f"to_json() is not JSON-able: {exc}") from exc
    for key in ("game", "rules_version", "options", "current_player", "scores"):
        if key not in data:
            raise _fail(game, seed, step, f"to_json() lacks {key!r}")
    try:
        restored = game.state_from_json(json.loads(text))
    except DeckhandError as exc:
        raise _fail(game, seed, step, f"state_from_json failed: {exc}") from exc
    if json.dumps(restored.to_json(), sort_keys=True) != text:
        raise _fail(game, seed, step, "state_from_json(to_json()) is a different state")
    if Counter(state.cards()) != deck:
        lost = deck - Counter(state.cards())
        extra = Counter(state.cards()) - deck
        raise _fail(game, seed, step, f"cards not conserved: lost {dict(lost)}, extra {dict(extra)}")
    legal = [] if state.is_terminal() or state.is_chance_node() else state.legal_actions()
    for player in [*range(game.num_players), PUBLIC]:
        _check_view(game, state, player, legal, seed, step, deck, world_rng)


def _view_of(state: State, player: int) -> View:
    return state.public_view() if player == PUBLIC else state.view(player)


def _check_view(
    game: Game,
    state: State,
    player: int,
    legal: list[Action],
    seed: int,
    step: int,
    deck: Counter[str],
    rng: random.Random,
) -> None:
    view = _view_of(state, player)
    if view.player != player:
        raise _fail(game, seed, step, f"view({player}) is the view of {view.player}")
    try:
        json.dumps(view.to_json())
    except (TypeError, ValueError) as exc:
        raise _fail(game, seed, step, f"view({player}).to_json() is not JSON-able: {exc}") from exc
    wrong = wrong_counts(view.to_json(), state.to_json())
    if wrong:  # counts of hidden cards are public: a view shows the true ones
        raise _fail(game, seed, step, f"view({player}) shows wrong counts: {'; '.join(wrong)}")
    if view.current_player() != state.current_player():
        raise _fail(game, seed, step, f"view({player}) disagrees on the player to move")
    mine = state.current_player() == player
    if [view.action_to_string(a) for a in view.legal_actions()] != (
        [state.action_to_string(a) for a in legal] if mine else []
    ):
        raise _fail(game, seed, step, f"view({player}).legal_actions() differ from the state's")
    for sample in (view.sample_world, view.sample_likely_world):
        world = sample(rng)
        if _view_of(world, player) != view:
            raise _fail(game, seed, step, f"view({player}) of a world sampled from view({player}) differs")
        if world.current_player() != state.current_player():
            raise _fail(game, seed, step, f"a world sampled for seat {player} has another player to move")
        if mine and sorted(map(world.action_to_string, world.legal_actions())) != sorted(
            map(state.action_to_string, legal)
        ):
            raise _fail(game, seed, step, f"a world sampled for seat {player} has other legal actions")
        if Counter(world.cards()) != deck:
            raise _fail(game, seed, step, f"a world sampled for seat {player} does not hold the game's cards")
    if player == PUBLIC:
        return
    key = state.information_key(player)
    if hash(key) != hash(state.clone().information_key(player)):
        raise _fail(game, seed, step, "information_key is not stable across clone()")


def _check_end(game: Game, state: State, seed: int) -> None:
    returns = state.returns()
    if len(returns) != game.num_players or len(state.scores()) != game.num_players:
        raise _fail(game, seed, -1, "returns() and scores() need one entry per seat")
    if any(r < 0 or r > 1 for r in returns) or not math.isclose(sum(returns), 1.0, abs_tol=1e-9):
        raise _fail(game, seed, -1, f"returns {returns} must lie in [0, 1] and sum to 1")
    final = _snapshot(state)
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    if _snapshot(again) != final:
        raise _fail(game, seed, -1, "replaying the history gives another state")
    record = GameRecord.from_state(state, seats=[f"random-{i}" for i in range(game.num_players)])
    record = GameRecord.from_json(json.loads(record.dumps()))
    if _snapshot(replay(record)) != final:
        raise _fail(game, seed, -1, "replaying the game record gives another state")


def check_unchecked_path(game: Game, seed: int, *, full_every: int = 50) -> State:
    """``apply_legal`` is ``apply_action`` without the checks: play a seeded game both ways and compare.

    Moves alternate between a uniform choice and the game's playout policy
    (the moves searches make); after every step the two states must agree
    on whose turn it is, the legal actions (or chance outcomes), the
    history, the scores, every card in its place (the undealt ones in order,
    so that a seeded search deals alike) and every seat's view; the whole state (``to_json``)
    every ``full_every`` steps and at the end. Every 25 steps the game goes
    on with a clone, and the state it was cloned from must be unchanged at
    the end (a search's root state is such an original). Returns the end state.
    """
    rng = random.Random(seed)
    checked = game.new_initial_state()
    fast = game.new_initial_state()
    seats = range(game.num_players)
    kept: list[tuple[int, State, str]] = []
    step = 0
    while True:
        player = checked.current_player()
        if player == TERMINAL:
            break
        if player == CHANCE:
            action = checked.sample_chance_outcome(rng)
        elif step % 2:
            action = checked.rollout_action(rng)
        else:
            legal = checked.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        if step % 25 == 0:  # go on with a clone, like a search's world: the original must stay as it was
            kept.append((step, fast, _snapshot(fast)))
            fast = fast.clone()
        fast.apply_legal(action)
        checked.apply_action(action)
        step += 1
        same = (
            fast.current_player() == checked.current_player()
            and fast.history() == checked.history()
            and fast.scores() == checked.scores()
            and fast.cards() == checked.cards()
            and (
                fast.chance_outcomes() == checked.chance_outcomes()
                if checked.is_chance_node()
                else fast.legal_actions() == checked.legal_actions()
            )
            and all(fast.view(p) == checked.view(p) for p in seats)
        )
        if not same or (step % full_every == 0 and _snapshot(fast) != _snapshot(checked)):
            raise _fail(game, seed, step, f"apply_legal({action!r}) and apply_action gave different states")
    if _snapshot(fast) != _snapshot(checked) or fast.returns() != checked.returns():
        raise _fail(game, seed, step, "apply_legal and apply_action ended in different states")
    for at, original, snapshot in kept:
        if _snapshot(original) != snapshot:
            raise _fail(game, seed, at, "playing on a clone with apply_legal changed the original")
    return fast


def check_determinism(game: Game, seed: int) -> None:
    """The same seed gives the same game."""
    first = [repr(a) for a in _random_history(game, seed)]
    second = [repr(a) for a in _random_history(game, seed)]
    if first != second:
        raise ConformanceError(f"{game.name}: seed {seed} gave two different games")


def _random_history(game: Game, seed: int) -> list[Action]:
    from deckhand.play.runner import random_playout

    return random_playout(game.new_initial_state(), random.Random(seed)).history()
