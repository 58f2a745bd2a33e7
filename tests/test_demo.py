"""The terminal demo prints the board after each move and the result."""

from __future__ import annotations

import subprocess
import sys


def test_demo_plays_a_capped_game_and_prints_the_board() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "stratego_widget", "--ruleset", "barrage", "--seed", "3",
         "--max-plies", "6"],
        capture_output=True, text=True, check=True, timeout=120)
    out = done.stdout
    assert out.startswith("Stratego Barrage: heuristic bot (Red) against random bot (Blue)")
    assert "\n1. red " in out and "\n6. blue " in out
    assert out.count("    a   b   c   d   e   f   g   h   i   j") == 6
    assert "Result: draw (ply-limit) after 6 plies" in out


def test_demo_refuses_an_unknown_ruleset() -> None:
    done = subprocess.run([sys.executable, "-m", "stratego_widget", "--ruleset", "chess"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "chess" in done.stderr and "Traceback" not in done.stderr
