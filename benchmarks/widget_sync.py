"""The widget's cost per move, without a browser: bytes synced and Python time, by ply.

Drives a :class:`StrategoWidget` from Python exactly as clicks would (``widget.handle`` with the
messages the front end sends), captures every comm message the kernel would send to the
browser, and prints, at ply 10, 300 and 1,000 (configurable), the median over several runs of

* the bytes sent per click: the compact JSON of the comm messages' data (``{"method":
  "update", "state": {...}}``), without the Jupyter message envelope around them;
* the Python time per click: ``widget.handle(message)`` from start to end, the engine's move,
  the bot's answer (where there is one) and the building of what is sent.

Scenarios (``--scenario``):

* ``bot``: Red against the random bot (one click: the learner's move and the bot's answer);
* ``referee``: the teacher's view (``viewer="both"``), one ply per click;
* ``hotseat``: two people on one screen; a ply is a click plus the hand-over click, both
  counted.

The game is brought to each ply by playing on the engine directly (quiet moves preferred, so
that it lasts), then a few clicks settle the widget before the measured ones.

Run: ``python benchmarks/widget_sync.py`` (``--runs 5 --clicks 9 --plies 10 300 1000``).
Figures depend on the machine: compare them as ratios on one machine, never as thresholds.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import stratego_widget as sw
from stratego_widget.widget import StrategoWidget

SCENARIOS = ("bot", "referee", "hotseat")


def make_widget(scenario: str, seed: int) -> StrategoWidget:
    """A widget on a fresh random game, capturing what it sends in ``widget.sent``."""
    rules = sw.ruleset("original", max_plies=100_000)
    game = sw.Game.random(rules, seed=seed)
    if scenario == "bot":
        widget = StrategoWidget(game, viewer="red", opponent="random", seed=seed)
    elif scenario == "referee":
        widget = StrategoWidget(game, viewer="both")
    else:
        widget = StrategoWidget(game, viewer="hotseat")
    sent: list[dict[str, Any]] = []
    # What ``Widget._send`` would hand to the comm; an instance attribute wins over the method.
    widget._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    widget.sent = sent  # type: ignore[attr-defined]
    return widget


def quiet_choice(rng: random.Random, moves: list[Any], strike_share: float = 0.1) -> Any:
    """A random move, mostly a plain one, so that the game lasts."""
    plain = [m for m in moves if not m.strike and m.guess is None]
    if plain and rng.random() > strike_share:
        return rng.choice(plain)
    return rng.choice(moves)


def advance(widget: StrategoWidget, ply: int, rng: random.Random) -> bool:
    """Play on the engine directly up to ``ply`` (the widget reads the game on its next click)."""
    game = widget.game
    while game.ply < ply:
        moves = game.legal_moves()
        if not moves:
            return False
        game.play(quiet_choice(rng, moves))
    return not game.is_over


def click_messages(widget: StrategoWidget, rng: random.Random) -> list[dict[str, Any]]:
    """The messages of one click as the browser would send them, for the side to move."""
    view = widget.view
    if view["phase"] == "handover":
        return [{"type": "handover"}]
    targets = view["targets"]
    if not targets:
        return []
    game = widget.game
    plain = [(o, t) for o, ts in targets.items() for t, kind in ts.items() if kind == "move"]
    # The move must be legal by itself (a rescue target would ask which piece first).
    options = plain if plain and rng.random() > 0.1 else [
        (o, t) for o, ts in targets.items() for t in ts]
    rng.shuffle(options)
    for origin, target in options:
        if game.is_legal(f"{origin}-{target}") or game.is_legal(f"{origin}x{target}"):
            return [{"type": "move", "from": origin, "to": target}]
    return []


def size(message: dict[str, Any]) -> int:
    return len(json.dumps(message, separators=(",", ":")))


def measure(scenario: str, ply: int, clicks: int, seed: int) -> tuple[float, float] | None:
    """Median bytes and milliseconds per click at ``ply``; None if the game ended early."""
    rng = random.Random(seed)
    widget = make_widget(scenario, seed)
    if not advance(widget, ply, rng):
        return None
    # Bring the widget to the live position (a replay message refreshes it) and settle.
    widget.handle({"type": "replay", "index": widget.game.ply})
    for _ in range(2):
        for message in click_messages(widget, rng):
            widget.handle(message)
    sizes: list[int] = []
    times: list[float] = []
    for _ in range(clicks):
        if widget.game.is_over:
            break
        messages = click_messages(widget, rng)
        if not messages:
            break
        if scenario == "hotseat" and messages[0]["type"] == "move":
            messages.append({"type": "handover"})
        widget.sent.clear()  # type: ignore[attr-defined]
        start = time.perf_counter()
        for message in messages:
            widget.handle(message)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(sum(size(m) for m in widget.sent))  # type: ignore[attr-defined]
    if not sizes:
        return None
    return statistics.median(sizes), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=9)
    parser.add_argument("--plies", type=int, nargs="+", default=[10, 300, 1000])
    parser.add_argument("--scenario", choices=SCENARIOS, nargs="+", default=list(SCENARIOS))
    args = parser.parse_args()
    print(f"median of {args.runs} runs, each the median of {args.clicks} clicks")
    print(f"{'scenario':<9} {'ply':>5} {'bytes/click':>12} {'ms/click':>9}")
    for scenario in args.scenario:
        for ply in args.plies:
            results: list[tuple[float, float]] = []
            seed = 0
            while len(results) < args.runs and seed < args.runs * 20:
                result = measure(scenario, ply, args.clicks, seed)
                seed += 1
                if result is not None:
                    results.append(result)
            if not results:
                print(f"{scenario:<9} {ply:>5} {'(no game lasted)':>22}")
                continue
            size_ = statistics.median(r[0] for r in results)
            ms = statistics.median(r[1] for r in results)
            print(f"{scenario:<9} {ply:>5} {size_:>12.0f} {ms:>9.2f}")


if __name__ == "__main__":
    main()
