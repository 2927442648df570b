"""Bridges to other ecosystems. ``tablekit.interop.pettingzoo``: every game with an encoder as a
PettingZoo AEC environment (extra ``tablekit[rl]``). Nothing here is imported by the engine."""
