"""The widget in a real browser: click-to-screen times, bot reply time, bytes synced per move.

Starts JupyterLab and Debian's Chromium (as the end-to-end tests do) and plays many moves by
clicking squares, in two games:

* the teacher's view with no bot (``viewer="both"``): each click is answered by the engine
  alone, so the confirmation time is the engine's round trip;
* a classic game against the heuristic bot: Python answers with the learner's move and the
  bot's reply in one update.

It prints medians and 95th percentiles of

Each square is clicked as a person clicks it: the pointer rests on it for a moment, then the
button goes down and up.

* click to move drawn: from the click on a legal target square to the frame that shows the
  piece there (a plain move is drawn before the kernel answers; a strike shows at once that it
  is being resolved). Goal: p95 at most 16 ms;
* click to the engine's answer on screen: to the frame that shows the view Python sent back
  (it confirms the move, or puts the board back). Goal: p95 at most 50 ms with no bot;
* click to the start of the frame showing the move, and how many clicks are shown in the very
  next frame (60 Hz: a frame begins at most 16.7 ms after any click);
* click to the handler done: the widget's own work for a click (event dispatch included), the
  rest of "click to move drawn" is the wait for the next frame and its painting;
* the bot's reply: the heuristic bot's ``choose`` in the kernel, observation included;
* the bytes of the websocket frames the kernel sends per move (the synced state change: a
  ``view_patch``; ``benchmarks/widget_sync.py`` measures it by ply without a browser).

Times are taken in the browser: the click's event time, when the DOM held each change, and
``performance.now()`` in a task posted from the frame callback after the change
(``window.__strategoTiming``, see js/timing.ts). That posted task also waits for whatever was
queued before it (in JupyterLab, the kernel's busy and idle messages that come with every
answer), so it is an upper bound. The figures marked "presented" come from a Chromium trace
recorded during the clicks: for each change, the presentation time of the first frame whose
rendering began after the DOM held it (``AnimationFrame::Presentation`` events), on the same
clock as ``performance.now()`` through a ``performance.mark`` seen in both.

Run: ``make bench-widget`` (or ``python benchmarks/widget_latency.py --moves 80``).
"""

from __future__ import annotations

import argparse
import bisect
import json
import pathlib
import statistics
import sys
import tempfile

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "tests" / "e2e"))
from harness import CHROMIUM, CHROMIUM_ARGS, open_notebook, running_lab
from measure import percentile

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

TEACHER = """
import stratego_widget as sw
from stratego_widget import StrategoWidget
w = StrategoWidget(sw.Game.random("original", seed=11), viewer="both")
helper = sw.HeuristicBot(seed=3)
w
"""


FRAME_MS = 1000 / 60


def summary(name: str, values: list[float], unit: str = "ms") -> str:
    if not values:
        return f"{name}: no samples"
    return (f"{name}: median {statistics.median(values):.1f} {unit}, "
            f"p95 {percentile(values, 0.95):.1f} {unit} ({len(values)} samples)")


#: How long the pointer rests on a square before the button goes down (a person's hand is slower).
HOVER_MS = 80


def click_move_like_a_person(nb, move: str) -> None:
    """Click the origin and then the target of a move as a person does: the pointer comes to
    rest on the square, then the button goes down and up. (A bare Playwright click moves the
    pointer and presses in the same instant, so the hover's own frame work lands inside the
    measured click, which no mouse user meets.) Waits for Python's new view."""
    origin, target = move.replace("x", "-").split("!")[0].split("-")[:2]
    serial = nb.serial()
    for square in (origin, target):
        nb.square(square).hover()
        nb.page.wait_for_timeout(HOVER_MS)
        nb.page.mouse.down()
        nb.page.mouse.up()
    nb.wait_serial_above(serial)


def play(nb, moves: int, side: str, frames: list[int] | None = None) -> tuple[int, list[int]]:
    """Click up to ``moves`` moves chosen by the helper bot for ``side`` (the side to move when
    ``side`` is "both"); return how many were played and the bytes received per move."""
    sizes: list[int] = []
    played = 0
    for _ in range(moves):
        if nb.python("print(w.game.is_over)") == "True":
            break
        who = "w.game.to_move" if side == "both" else repr(side)
        move = nb.python(f"print(helper.choose(w.game.observation({who})))")
        serial = nb.serial()
        before = len(frames) if frames is not None else 0
        click_move_like_a_person(nb, move)
        nb.page.wait_for_function(
            "s => (window.__strategoTiming || []).some(t => t.serial > s)", arg=serial)
        if frames is not None:
            sizes.append(sum(frames[before:]))
        played += 1
    return played, sizes


CALIBRATION_MARK = "stratego-latency-calibration"
TRACE_CATEGORIES = ["devtools.timeline", "blink.user_timing"]


def start_trace(nb, path: pathlib.Path) -> None:
    """Record a Chromium trace of the page from now on."""
    nb.page.context.browser.start_tracing(page=nb.page, path=str(path),
                                          categories=TRACE_CATEGORIES)


def stop_trace_and_present(nb, path: pathlib.Path, timings: list[dict]) -> None:
    """Stop the trace and add to each timing when its changes were presented on screen.

    ``drawnPresentedAt``: the first frame presented whose rendering began after the click's
    handler had drawn the move (plain moves and strikes); ``answerPresentedAt``: likewise after
    the engine's answer was drawn. Both on the ``performance.now()`` clock.
    """
    mark_start = nb.page.evaluate(
        f"() => performance.mark({CALIBRATION_MARK!r}).startTime")
    nb.page.context.browser.stop_tracing()
    data = json.loads(path.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    marks = [e for e in events if e.get("name") == CALIBRATION_MARK]
    if not marks:
        return
    main = (marks[0]["pid"], marks[0]["tid"])
    offset = marks[0]["ts"] / 1000 - mark_start  # trace milliseconds minus page milliseconds
    on_main = [e for e in events if (e.get("pid"), e.get("tid")) == main]
    renders = sorted(e["ts"] / 1000 - offset for e in on_main
                     if e.get("name") == "AnimationFrame::Render" and e.get("ph") == "b")
    presented = sorted(e["ts"] / 1000 - offset for e in on_main
                       if e.get("name") == "AnimationFrame::Presentation")

    def presented_after(at: float | None) -> float | None:
        if at is None:
            return None
        i = bisect.bisect_left(renders, at)
        if i == len(renders):
            return None
        j = bisect.bisect_left(presented, renders[i])
        return presented[j] if j < len(presented) else None

    for t in timings:
        t["drawnPresentedAt"] = presented_after(t.get("handledAt"))
        t["answerPresentedAt"] = presented_after(t.get("answeredAt"))


def report(title: str, timings: list[dict]) -> None:
    print(title)
    traced = [t for t in timings if t.get("answerPresentedAt") is not None]
    if traced:
        print("  " + summary("click to move presented on screen (plain moves; trace)",
                             [t["drawnPresentedAt"] - t["clickAt"] for t in traced
                              if t["kind"] == "move" and t["drawnPresentedAt"] is not None]))
        print("  " + summary("click to strike shown as being resolved, presented (trace)",
                             [t["drawnPresentedAt"] - t["clickAt"] for t in traced
                              if t["kind"] == "strike" and t["drawnPresentedAt"] is not None]))
        print("  " + summary("click to the engine's answer presented on screen (trace)",
                             [t["answerPresentedAt"] - t["clickAt"] for t in traced]))
        print("  " + summary("click to the engine's answer in the DOM",
                             [t["answeredAt"] - t["clickAt"] for t in traced]))
    drawn = [t["shownAt"] - t["clickAt"] for t in timings
             if t["shownAt"] is not None and t["kind"] == "move"]
    strikes = [t["shownAt"] - t["clickAt"] for t in timings
               if t["shownAt"] is not None and t["kind"] == "strike"]
    answer = [t["paintedAt"] - t["clickAt"] for t in timings]
    plain = [t["paintedAt"] - t["clickAt"] for t in timings if t["kind"] == "move"]
    handled = [t["handledAt"] - t["clickAt"] for t in timings
               if t["handledAt"] is not None and t["kind"] in ("move", "strike")]
    print("  " + summary("click to the handler done (DOM updated, message sent)", handled))
    print("  " + summary("click to move drawn (plain moves; posted task, upper bound)", drawn))
    # Frames run at 60 Hz: a click waits for the next one whatever the widget does. The move
    # is "in the next frame" when the frame showing it began within one frame of the click.
    began = [t["shownFrameAt"] - t["clickAt"] for t in timings
             if t["shownFrameAt"] is not None and t["kind"] in ("move", "strike")]
    print("  " + summary("click to the start of the frame showing it", began))
    if began:
        first = sum(1 for b in began if b <= FRAME_MS) / len(began)
        print(f"  shown in the first frame after the click: {100 * first:.0f}% of clicks")
    print("  " + summary("click to strike shown as being resolved", strikes))
    print("  " + summary("click to the engine's answer on screen (every move; upper bound)",
                         answer))
    print("  " + summary("click to the engine's answer on screen (plain moves; upper bound)",
                         plain))
    rolled = sum(1 for t in timings if t["rolledBack"])
    print(f"  moves put back by the engine: {rolled}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=80)
    args = parser.parse_args()
    with running_lab() as lab, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        # The engine alone: the teacher's view, both sides clicked in turn.
        trace = pathlib.Path(tempfile.mkdtemp(prefix="stratego-latency-")) / "trace.json"
        nb = open_notebook(lab, browser, "engine.ipynb", TEACHER)
        start_trace(nb, trace)
        played_teacher, _ = play(nb, args.moves, "both")
        teacher = nb.page.evaluate("() => window.__strategoTiming")
        stop_trace_and_present(nb, trace, teacher)
        nb.page.context.close()
        # Against the bot, with the bytes the kernel sends.
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
        start_trace(nb, trace)
        played, frames = play(nb, args.moves, "red", page_frames)
        timings = nb.page.evaluate("() => window.__strategoTiming")
        stop_trace_and_present(nb, trace, timings)
        replies = json.loads(nb.python("import json; print(json.dumps(bot.replies))"))
        sizes = json.loads(nb.python(
            "import json; print(json.dumps(len(json.dumps(w.view, separators=(',', ':')))))"))
        patch = json.loads(nb.python(
            "print(json.dumps(len(json.dumps(w.view_patch, separators=(',', ':')))))"))
        browser.close()
    report(f"{played_teacher} moves clicked in the teacher's view (no bot: the engine answers)",
           teacher)
    report(f"{played} moves clicked in a classic game against the heuristic bot "
           "(the answer carries the bot's reply)", timings)
    print(summary("heuristic bot reply in the kernel", replies))
    print(summary("websocket bytes received per move (kernel to page, all frames)",
                  [float(f) for f in frames], "bytes"))
    print(f"size of the final synced view as JSON: {sizes} bytes (sent whole only when the "
          f"widget opens); its last patch, what a move sends: {patch} bytes")


if __name__ == "__main__":
    main()
