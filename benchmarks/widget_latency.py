"""The widget in a real browser: click-to-screen time, bot reply time, bytes synced per move.

Starts JupyterLab and Debian's Chromium (as the end-to-end tests do), opens a classic game
against the heuristic bot, and plays many moves by clicking squares. It prints medians and 95th
percentiles of

* click to paint: from the click on a target square to the frame that shows the new position
  (the learner's move and the bot's answer: Python sends one update with both);
* the bot's reply: the heuristic bot's ``choose`` in the kernel, observation included;
* the bytes of the websocket frames the kernel sends per move (the synced state change: a
  ``view_patch``; ``benchmarks/widget_sync.py`` measures it by ply without a browser).

Run: ``make bench-widget`` (or ``python benchmarks/widget_latency.py --moves 80``).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "tests" / "e2e"))
from harness import CHROMIUM, CHROMIUM_ARGS, open_notebook, running_lab

SETUP = """
import time
import stratego_widget as sw
from stratego_widget import StrategoWidget

class TimedBot(sw.HeuristicBot):
    replies = []
    def choose(self, observation):
        start = time.perf_counter()
        move = super().choose(observation)
        self.replies.append((time.perf_counter() - start) * 1000)
        return move

bot = TimedBot(seed=1)
w = StrategoWidget(sw.Game.random("original", seed=7), opponent=bot)
helper = sw.HeuristicBot(seed=2)
w
"""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=80)
    args = parser.parse_args()
    frames: list[int] = []
    with running_lab() as lab, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        page_frames: list[int] = []
        nb = open_notebook(lab, browser, "latency.ipynb", SETUP)
        nb.page.on("websocket", lambda ws: ws.on(
            "framereceived", lambda payload: page_frames.append(len(payload))))
        nb.page.reload()  # reconnect so the websocket listener sees the kernel's frames
        nb.page.wait_for_function(
            "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel"
            "?.status === 'idle'")
        nb.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        nb.page.wait_for_selector(".sw-root [data-square]")
        played = 0
        for _ in range(args.moves):
            if nb.python("print(w.game.is_over)") == "True":
                break
            move = nb.python("print(helper.choose(w.game.observation('red')))")
            serial = nb.serial()
            before = len(page_frames)
            nb.click_move(move)
            nb.page.wait_for_function(
                "s => (window.__strategoTiming || []).some(t => t.serial >= s)", arg=serial)
            frames.append(sum(page_frames[before:]))
            played += 1
        timings = nb.page.evaluate("() => window.__strategoTiming")
        replies = json.loads(nb.python("import json; print(json.dumps(bot.replies))"))
        sizes = json.loads(nb.python(
            "import json; print(json.dumps(len(json.dumps(w.view, separators=(',', ':')))))"))
        patch = json.loads(nb.python(
            "print(json.dumps(len(json.dumps(w.view_patch, separators=(',', ':')))))"))
        browser.close()
    paint = [t["paintedAt"] - t["clickAt"] for t in timings]
    print(f"{played} moves clicked in a classic game against the heuristic bot")
    print(f"click to paint (move + bot answer + sync + draw): median "
          f"{statistics.median(paint):.1f} ms, p95 {percentile(paint, 0.95):.1f} ms")
    print(f"heuristic bot reply in the kernel: median {statistics.median(replies):.2f} ms, "
          f"p95 {percentile(replies, 0.95):.2f} ms")
    print(f"websocket bytes received per move (kernel to page, all frames): median "
          f"{statistics.median(frames):.0f}, p95 {percentile(frames, 0.95):.0f}")
    print(f"size of the final synced view as JSON: {sizes} bytes (sent whole only when the "
          f"widget opens); its last patch, what a move sends: {patch} bytes")


if __name__ == "__main__":
    main()
