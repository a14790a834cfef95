"""Knowledge invariants (Hypothesis): what a seat knows is true, and switches carry it with the cards.

An independent memory model replays each game from the actions alone (what
each seat saw and where those cards went) and must agree with every view.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from deckhand.games.cambio import CambioState
from deckhand.games.cambio.phases import EMPTY, UNKNOWN
from deckhand.games.cambio.view import CambioView
from tests.cambio.helpers import game

Position = tuple[int, int]


class Memory:
    """What each seat remembers: position -> card, updated from the public course of play."""

    def __init__(self, players: int) -> None:
        self.mem: list[dict[Position, int]] = [{} for _ in range(players)]

    def everyone(self, where: Position, card: int) -> None:
        for m in self.mem:
            m[where] = card

    def forget(self, where: Position) -> None:
        for m in self.mem:
            m.pop(where, None)

    def step(self, before: CambioState, action: int, after: CambioState) -> None:
        text = before.action_to_string(action)
        p = before.current_player()
        words = text.split()
        if p < 0:  # a card dealt or drawn
            if before.phase == 0:
                for seat, hand in enumerate(after.hands):
                    for slot in after.game.known_slots:
                        if slot < len(hand) and len(before.hands[seat]) == slot:
                            self.mem[seat][(seat, slot)] = hand[slot]
            return
        verb = words[0]
        if verb == "swap":
            where = (p, int(words[1]))
            self.forget(where)
            if before.took:
                self.everyone(where, before.drawn)
            else:
                self.mem[p][where] = before.drawn
        elif verb == "peek":
            q, s = map(int, words[1].split("."))
            self.mem[p][(q, s)] = before.hands[q][s]
        elif verb == "switch":
            a, b = (tuple(map(int, w.split("."))) for w in words[1:])
            for m in self.mem:
                ca, cb = m.pop(a, None), m.pop(b, None)  # type: ignore[call-overload]
                if ca is not None:
                    m[b] = ca  # type: ignore[index]
                if cb is not None:
                    m[a] = cb  # type: ignore[index]
        elif verb == "stick":
            q, s = map(int, words[1].split("."))
            if after.hands[q][s] == EMPTY:
                self.forget((q, s))
            else:
                self.everyone((q, s), before.hands[q][s])
        elif verb == "give":
            target = (before.target & 7, before.target >> 3)
            src = (p, int(words[1]))
            for m in self.mem:
                card = m.pop(src, None)
                if card is not None:
                    m[target] = card


def check_views(state: CambioState, memory: Memory) -> None:
    over = state.is_terminal()
    for p in range(state.game.players):
        view = state.view(p)
        assert isinstance(view, CambioView)
        for q, hand in enumerate(state.hands):
            shown = view.hand(q)
            for s, card in enumerate(hand):
                if shown[s] != UNKNOWN:
                    assert shown[s] == card, "a seat knows something false"
                if not over and card != EMPTY:
                    assert (shown[s] != UNKNOWN) == ((q, s) in memory.mem[p]), f"seat {p} at {q}.{s}"
                    if (q, s) in memory.mem[p]:
                        assert memory.mem[p][(q, s)] == card


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(["classic", "house"]), players=st.integers(2, 4))
def test_what_a_seat_knows_is_always_true_and_exactly_what_it_saw(seed: int, preset: str, players: int) -> None:
    g = game(preset, players=players)
    rng = random.Random(seed)
    state = g.new_initial_state()
    memory = Memory(players)
    while not state.is_terminal():
        before = state.clone()
        if state.is_chance_node():
            action = state.sample_chance_outcome(rng)
        else:
            actions = state.legal_actions()
            # fewer cambio calls than uniform, so that games run long enough to matter
            choices = [a for a in actions if state.action_to_string(a) != "cambio"] or actions
            action = choices[int(rng.random() * len(choices))]
        state.apply_action(action)
        memory.step(before, int(action), state)
        check_views(state, memory)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(["classic", "house"]), players=st.integers(2, 4))
def test_switches_carry_knowledge_with_the_cards(seed: int, preset: str, players: int) -> None:
    g = game(preset, players=players)
    rng = random.Random(seed)
    state = g.new_initial_state()
    switched = 0
    while not state.is_terminal() and switched < 3:
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
            continue
        actions = state.legal_actions()
        switches = [a for a in actions if state.action_to_string(a).startswith("switch")]
        if not switches:
            choices = [a for a in actions if state.action_to_string(a) != "cambio"] or actions
            state.apply_action(choices[int(rng.random() * len(choices))])
            continue
        action = switches[int(rng.random() * len(switches))]
        a, b = (tuple(map(int, w.split("."))) for w in state.action_to_string(action).split()[1:])
        views = [state.view(p) for p in range(players)]
        state.apply_action(action)
        switched += 1
        if state.is_terminal():  # every card is turned over at the end
            break
        for p, old in enumerate(views):
            new = state.view(p)
            assert new.hand(a[0])[a[1]] == old.hand(b[0])[b[1]]
            assert new.hand(b[0])[b[1]] == old.hand(a[0])[a[1]]
            assert new.to_json()["known"][a[0]][a[1]] == old.to_json()["known"][b[0]][b[1]]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(["classic", "house"]), players=st.integers(2, 5))
def test_sampled_worlds_never_place_a_known_card_elsewhere(seed: int, preset: str, players: int) -> None:
    g = game(preset, players=players)
    rng = random.Random(seed)
    state = g.new_initial_state()
    for _ in range(rng.randrange(20, 120)):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome(rng))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[int(rng.random() * len(actions))])
    for p in range(players):
        view = state.view(p)
        world = view.sample_world(rng)
        assert world.view(p) == view
        assert Counter(world.cards()) == Counter(g.all_cards())
        assert world.information_key(p) == state.information_key(p)
        # every card the viewer can place is where the viewer thinks it is
        for q in range(players):
            for s, card in enumerate(view.hand(q)):
                if card != UNKNOWN:
                    assert world.hands[q][s] == card
        placed = Counter(c for q in range(players) for c in view.hand(q) if c >= 0)
        placed.update(world.discard)
        unplaced = Counter(view.unplaced())
        held = Counter([world.drawn]) if view.drawn >= 0 else Counter()
        assert placed + unplaced == Counter(g.deck_list) - held
