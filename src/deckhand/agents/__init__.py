"""Agents: generic ones over the protocol; per-game ones live beside their game."""

from deckhand.agents.base import Agent, Candidate, Explanation
from deckhand.agents.random_agent import RandomAgent
from deckhand.agents.registry import available_agents, make_agent, parse_spec, register_agent

__all__ = [
    "Agent",
    "Candidate",
    "Explanation",
    "RandomAgent",
    "available_agents",
    "make_agent",
    "parse_spec",
    "register_agent",
]
