"""The widget in a real browser: click-to-screen times, bot reply time, bytes synced per move.

Starts JupyterLab and Debian's Chromium (as the end-to-end tests do) and plays many moves by
clicking squares, in two games:

* the teacher's view with no bot (``viewer="both"``): each click is answered by the engine
  alone, so the confirmation time is the engine's round trip;
* a classic game against the heuristic bot: Python confirms the learner's move in one update
  and sends the bot's reply in the next (the board draws it once the learner's move has
  landed); the engine's answer timed is the confirmation.

It prints medians and 95th percentiles of

* click to move drawn: from the click on a legal target square to the end of the browser's
  rendering of the frame that shows the piece there (its style, layout, paint and
  layerization done, handed to the compositor). A plain move is drawn before the kernel
  answers; a strike shows at once that it is being resolved. Goal: p95 at most 16 ms, that is
  every click is drawn within one frame of 60 Hz;
* click to move on screen: to that frame's presentation;
* click to the engine's answer in the DOM, drawn and on screen: the view Python sent back (it
  confirms the move, or puts the board back). Goal: on screen, p95 at most 10 ms over the
  floor's p95 measured in the same run (below);
* click to the start of the frame showing the move, and how many clicks are shown in the very
  next frame;
* click to the handler done: the widget's own work for a click (event dispatch included);
* the round trip split at the kernel: click to the kernel starting on the message, the
  kernel's handling (the widget's Python), and kernel done to the answer in the DOM (the
  kernel's wall clock against the page's, both this machine's);
* the same answer figures for a widget that does nothing but answer (``ECHO``), clicked the
  same way in the same notebook, once after each move of each game (so the floor and the board
  share the page, the kernel and the moment: the machine's own noise moves both): the floor
  that JupyterLab, the kernel and the browser set;
* the bot's reply: the heuristic bot's ``choose`` in the kernel, observation included;
* the bytes of the websocket frames the kernel sends per move (the synced state change: a
  ``view_patch``; ``benchmarks/widget_sync.py`` measures it by ply without a browser).

Which clock. "Drawn" ends when the browser's main thread has rendered the frame, "on screen"
when the compositor presented it. At 60 Hz Chromium presents a frame at the earliest on the
display refresh after the one that started it, so click to photon is more than 16.7 ms on any
page whatever it does: the 16 ms goal can only mean the rendered frame, the answer goal is held
to the presentation.

Times are taken in the browser: the click's event time and when the DOM held each change
(``window.__strategoTiming``, see js/board/timing.ts), and a Chromium trace recorded during the
clicks: for each change, the first frame whose rendering began after the DOM held it
(``AnimationFrame::Render``), the end of that frame's paint and layerization on the main
thread, and its ``AnimationFrame::Presentation``, on the same clock as ``performance.now()``
through a ``performance.mark`` seen in both. The timing hook's own frame times (a task posted
from the frame callback) are printed too: they also wait for whatever was queued before them
(in JupyterLab, the kernel's status messages), so they are an upper bound.

With ``--runs N`` the whole measurement is repeated N times (a fresh JupyterLab each time);
each figure is then given for all clicks together and as the median of the runs' figures.

Run: ``make bench-widget`` (three runs, about ten minutes) or
``python benchmarks/widget_latency.py --moves 80 --runs 1``.
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


#: Appended to a game's cell: the kernel's wall-clock time at the start and end of each
#: browser message the board handles (milliseconds), to split the round trip (see KERNEL).
KERNEL_CLOCK = """
import time as _time
kernel_times = []
_handle = w.handle
def _timed_handle(message):
    start = _time.time()
    _handle(message)
    kernel_times.append((start * 1000, _time.time() * 1000))
w.handle = _timed_handle
w
"""

#: The floor under "the engine's answer on screen": a widget that does nothing but answer. A
#: click sends one message; Python answers by setting a trait; the page writes one number. The
#: same kernel, page and clock as the board, none of the board's work.
ECHO = r'''
import time
import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    _esm = """
    export default { render({ model, el }) {
      const pad = document.createElement("div");
      pad.dataset.echo = "";
      pad.textContent = "0";
      pad.style.cssText = "width: 12rem; height: 4rem; background: #ddd";
      pad.setAttribute("data-lm-suppress-shortcuts", "true");
      pad.addEventListener("mousedown", (event) => event.preventDefault());
      let clickAt = 0;
      pad.addEventListener("click", (event) => { clickAt = event.timeStamp; model.send({}); });
      model.on("change:count", () => {
        pad.textContent = String(model.get("count"));
        (window.__echoTiming ??= []).push({ kind: "other", clickAt, handledAt: null,
          answeredAt: performance.now(), rolledBack: false });
      });
      el.append(pad);
    } };
    """
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.kernel_times = []
        self.on_msg(self.answer)

    def answer(self, widget, content, buffers):
        start = time.time()
        self.count += 1
        self.kernel_times.append((start * 1000, time.time() * 1000))

echo = Echo()
echo
'''


FRAME_MS = 1000 / 60


def summary(name: str, values: list[float], unit: str = "ms") -> str:
    if not values:
        return f"{name}: no samples"
    return (f"{name}: median {statistics.median(values):.1f} {unit}, "
            f"p95 {percentile(values, 0.95):.1f} {unit} ({len(values)} samples)")


#: How long the pointer rests on a square before the button goes down (a person's hand is slower).
HOVER_MS = 80


def press_like_a_person(page, target) -> None:
    """Click ``target`` as a person does: the pointer comes to rest on it, then the button goes
    down and up. (A bare Playwright click moves the pointer and presses in the same instant,
    so the hover's own frame work lands inside the measured click, which no mouse user meets.)"""
    target.hover()
    page.wait_for_timeout(HOVER_MS)
    page.mouse.down()
    page.mouse.up()


def click_move_like_a_person(nb, move: str) -> None:
    """Click the origin and then the target of a move as a person does; wait for Python's new
    view."""
    origin, target = move.replace("x", "-").split("!")[0].split("-")[:2]
    serial = nb.serial()
    for square in (origin, target):
        press_like_a_person(nb.page, nb.square(square))
    nb.wait_serial_above(serial)


def play(nb, moves: int, side: str, frames: list[int] | None = None) -> tuple[int, list[int]]:
    """Click up to ``moves`` moves chosen by the helper bot for ``side`` (the side to move when
    ``side`` is "both"), and after each, once the board shows Python's last view (the bot's
    reply too), the do-nothing widget's pad; return how many moves were played and the bytes
    received per move."""
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
        # Settled: the answer drawn, and against the bot its reply (the next view) too, unless
        # the move ended the game. The frames counted for the move end here, before the pad's.
        answer = nb.page.evaluate(
            "() => Math.max(...(window.__strategoTiming || []).map((t) => t.serial || 0))")
        nb.page.wait_for_function(
            """s => { const root = document.querySelector('.sw-root');
                      return Number(root?.dataset.serial) >= s || root?.dataset.phase !== 'play'; }""",
            arg=answer + (0 if side == "both" else 1))
        if frames is not None:
            sizes.append(sum(frames[before:]))
        played += 1
        press_like_a_person(nb.page, nb.page.locator("[data-echo]"))
        nb.page.wait_for_function("n => (window.__echoTiming || []).length >= n", arg=played)
    return played, sizes


CALIBRATION_MARK = "stratego-latency-calibration"
TRACE_CATEGORIES = ["devtools.timeline", "blink.user_timing"]


def start_trace(nb, path: pathlib.Path) -> None:
    """Record a Chromium trace of the page from now on."""
    nb.page.context.browser.start_tracing(page=nb.page, path=str(path),
                                          categories=TRACE_CATEGORIES)


#: The main thread's last rendering steps of a frame (after style and layout).
FRAME_WORK = ("Paint", "Layerize")


def stop_trace_and_present(nb, path: pathlib.Path, timings: list[dict]) -> None:
    """Stop the trace and add to each timing when its changes were drawn and presented.

    For the click's handler (``handledAt``: plain moves and strikes) and for the engine's answer
    (``answeredAt``), the first frame whose rendering began after the DOM held the change:
    ``drawnRenderedAt``/``answerRenderedAt`` when the main thread had painted and layerized it,
    ``drawnPresentedAt``/``answerPresentedAt`` when it was presented. All on the
    ``performance.now()`` clock.
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
    begins = sorted(e["ts"] / 1000 - offset for e in on_main
                    if e.get("name") == "AnimationFrame::Render" and e.get("ph") == "b")
    ends = sorted(e["ts"] / 1000 - offset for e in on_main
                  if e.get("name") == "AnimationFrame::Render" and e.get("ph") == "e")
    painted = sorted((e["ts"] + e.get("dur", 0)) / 1000 - offset for e in on_main
                     if e.get("name") in FRAME_WORK and e.get("ph") == "X")
    presented = sorted(e["ts"] / 1000 - offset for e in on_main
                       if e.get("name") == "AnimationFrame::Presentation")

    def frame_after(at: float | None) -> tuple[float | None, float | None]:
        """(rendered, presented) for the first frame that began after ``at``."""
        if at is None:
            return None, None
        i = bisect.bisect_left(begins, at)
        if i == len(begins):
            return None, None
        begin = begins[i]
        following = begins[i + 1] if i + 1 < len(begins) else float("inf")
        # The frame's rendering ends with its last paint step before the next frame begins
        # (a frame that paints nothing ends with its style and layout).
        last = bisect.bisect_left(painted, following) - 1
        j = bisect.bisect_left(ends, begin)
        rendered = painted[last] if last >= 0 and painted[last] > begin else (
            ends[j] if j < len(ends) else None)
        k = bisect.bisect_left(presented, begin)
        return rendered, presented[k] if k < len(presented) else None

    for t in timings:
        t["drawnRenderedAt"], t["drawnPresentedAt"] = frame_after(t.get("handledAt"))
        t["answerRenderedAt"], t["answerPresentedAt"] = frame_after(t.get("answeredAt"))


#: What each figure is: a label, the kinds of click it covers, and the time it ends (the click's
#: time is taken from it). "move": a plain move, drawn at once; "strike": shown at once as being
#: resolved; "other": a spot (nothing drawn before the answer).
FIGURES: list[tuple[str, tuple[str, ...], str]] = [
    ("click to the handler done (DOM updated, message sent)", ("move", "strike"), "handledAt"),
    ("click to the start of the frame showing the move", ("move", "strike"), "shownFrameAt"),
    ("click to move drawn (plain moves; frame rendered) [goal p95 <= 16]", ("move",),
     "drawnRenderedAt"),
    ("click to move on screen (plain moves; frame presented)", ("move",), "drawnPresentedAt"),
    ("click to strike shown as being resolved (frame rendered)", ("strike",), "drawnRenderedAt"),
    ("click to strike shown as being resolved (frame presented)", ("strike",),
     "drawnPresentedAt"),
    ("click to the engine's answer in the DOM", ("move", "strike", "other"), "answeredAt"),
    ("click to the engine's answer drawn (frame rendered)", ("move", "strike", "other"),
     "answerRenderedAt"),
    ("click to the engine's answer on screen (frame presented) [goal p95 <= floor p95 + 10]",
     ("move", "strike", "other"), "answerPresentedAt"),
    # The same, by kind: a strike's result (battle, trays, squares) is drawn only with the answer.
    ("  of which plain moves", ("move",), "answerPresentedAt"),
    ("  of which strikes", ("strike",), "answerPresentedAt"),
    ("click to move drawn (plain moves; posted task, upper bound)", ("move",), "shownAt"),
    ("click to the engine's answer drawn (posted task, upper bound)",
     ("move", "strike", "other"), "paintedAt"),
]


def add_kernel_times(nb, timings: list[dict], name: str) -> None:
    """Add to each timing when the kernel started and ended handling its click
    (``kernelStartAt``/``kernelEndAt``, on the page's clock): the first message the kernel
    began after the click. Both clocks are this machine's wall clock."""
    origin = nb.page.evaluate("() => performance.timeOrigin")
    spans = sorted(json.loads(nb.python(f"import json; print(json.dumps({name}))")))
    starts = [start for start, _ in spans]
    for t in timings:
        i = bisect.bisect_left(starts, origin + t["clickAt"])
        if i < len(spans):
            t["kernelStartAt"], t["kernelEndAt"] = (at - origin for at in spans[i])


#: The round trip split at the kernel (see add_kernel_times): a label and the two times it runs
#: between.
KERNEL: list[tuple[str, str, str]] = [
    ("click to the kernel starting on it (page, server, kernel's queue)", "clickAt",
     "kernelStartAt"),
    ("the kernel's handling (the widget's Python and sending; against the bot, the bot's reply "
     "too, which follows the answer)", "kernelStartAt", "kernelEndAt"),
    ("kernel done to the answer in the DOM (server, page, the widget's drawing code)",
     "kernelEndAt", "answeredAt"),
]


def between(timings: list[dict], start: str, end: str) -> list[float]:
    """Milliseconds from ``start`` to ``end`` for each timing that has both."""
    return [t[end] - t[start] for t in timings
            if t.get(start) is not None and t.get(end) is not None]


def elapsed(timings: list[dict], kinds: tuple[str, ...], field: str) -> list[float]:
    """Milliseconds from each click of ``kinds`` to its ``field`` (where it was measured)."""
    return [t[field] - t["clickAt"] for t in timings
            if t["kind"] in kinds and t.get(field) is not None]


#: The answer-on-screen goal: its p95 at most this many milliseconds over the floor's p95 (the
#: floor is measured in the same run, so the goal holds on a slow machine as on a fast one).
ANSWER_OVER_FLOOR_GOAL = 10.0


def over_floor(name: str, games: list[list[dict]], echo: list[list[dict]]) -> str:
    """One line: the answer on screen's p95 in ``games`` against the floor's (``echo``), over
    all clicks and as the median of the runs' differences, and whether the goal is met."""
    field, kinds = "answerPresentedAt", ("move", "strike", "other")
    mine = elapsed([t for run in games for t in run], kinds, field)
    floor = elapsed([t for run in echo for t in run], ("other",), field)
    if not mine or not floor:
        return f"{name}: not measured"
    over = percentile(mine, 0.95) - percentile(floor, 0.95)
    runs = [percentile(a, 0.95) - percentile(b, 0.95)
            for a, b in zip((elapsed(r, kinds, field) for r in games),
                            (elapsed(r, ("other",), field) for r in echo), strict=True)
            if a and b]
    per_run = (f"; per run {' / '.join(f'{d:+.1f}' for d in runs)}, median "
               f"{statistics.median(runs):+.1f}" if len(runs) > 1 else "")
    verdict = "met" if over <= ANSWER_OVER_FLOOR_GOAL else "missed"
    return (f"{name}: median {statistics.median(mine):.1f} ms (floor "
            f"{statistics.median(floor):.1f}), p95 {percentile(mine, 0.95):.1f} ms (floor "
            f"{percentile(floor, 0.95):.1f}): {over:+.1f} ms over the floor{per_run} ({verdict})")


def report(title: str, runs: list[list[dict]]) -> None:
    """Print every figure for all clicks of all runs together, and (with several runs) each
    run's median and p95 and the median of those."""
    print(title)
    for label, kinds, field in FIGURES:
        print("  " + summary(label, elapsed([t for run in runs for t in run], kinds, field)))
        per_run = [v for v in (elapsed(run, kinds, field) for run in runs) if v]
        if len(per_run) > 1:
            medians = [statistics.median(v) for v in per_run]
            p95s = [percentile(v, 0.95) for v in per_run]
            print(f"      per run: median {' / '.join(f'{m:.1f}' for m in medians)}, "
                  f"p95 {' / '.join(f'{p:.1f}' for p in p95s)}; median of the runs: "
                  f"median {statistics.median(medians):.1f}, p95 {statistics.median(p95s):.1f}")
    for label, start, end in KERNEL:
        values = between([t for run in runs for t in run], start, end)
        if values:
            print("  " + summary(label, values))
    # Frames run at 60 Hz: a click waits for the next one whatever the widget does. The move
    # is "in the next frame" when the frame showing it began within one frame of the click.
    began = elapsed([t for run in runs for t in run], ("move", "strike"), "shownFrameAt")
    if began:
        first = sum(1 for b in began if b <= FRAME_MS) / len(began)
        print(f"  shown in the first frame after the click: {100 * first:.0f}% of clicks")
    rolled = sum(1 for run in runs for t in run if t["rolledBack"])
    print(f"  moves put back by the engine: {rolled}")


def timings_of_the_game(nb, trace: pathlib.Path) -> tuple[list[dict], list[dict]]:
    """The board's and the do-nothing widget's timings, each with its frames and kernel times."""
    board = nb.page.evaluate("() => window.__strategoTiming")
    echo = nb.page.evaluate("() => window.__echoTiming || []")
    stop_trace_and_present(nb, trace, board + echo)
    add_kernel_times(nb, board, "kernel_times")
    add_kernel_times(nb, echo, "echo.kernel_times")
    return board, echo


def measure(browser, lab, moves: int) -> dict:
    """One run: the teacher's game, then the game against the bot (with the bytes the kernel
    sends), the do-nothing widget clicked after each move of each. Returns both games' timings
    and the floor's, the bot's reply times and the synced sizes."""
    trace = pathlib.Path(tempfile.mkdtemp(prefix="stratego-latency-")) / "trace.json"
    # The engine alone: the teacher's view, both sides clicked in turn.
    nb = open_notebook(lab, browser, "engine.ipynb", ECHO,
                       TEACHER.removesuffix("w\n") + KERNEL_CLOCK)
    start_trace(nb, trace)
    play(nb, moves, "both")
    teacher, teacher_floor = timings_of_the_game(nb, trace)
    nb.page.context.close()
    # Against the bot, with the bytes the kernel sends.
    page_frames: list[int] = []
    nb = open_notebook(lab, browser, "latency.ipynb", ECHO,
                       SETUP.removesuffix("w\n") + KERNEL_CLOCK)
    nb.page.on("websocket", lambda ws: ws.on(
        "framereceived", lambda payload: page_frames.append(len(payload))))
    nb.page.reload()  # reconnect so the websocket listener sees the kernel's frames
    nb.page.wait_for_function(
        "() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel"
        "?.status === 'idle'")
    nb.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    nb.page.wait_for_selector(".sw-root [data-square]")
    start_trace(nb, trace)
    _, frames = play(nb, moves, "red", page_frames)
    against_bot, bot_floor = timings_of_the_game(nb, trace)
    result = {
        "teacher": teacher, "bot": against_bot, "frames": frames,
        "teacher_floor": teacher_floor, "bot_floor": bot_floor,
        "replies": json.loads(nb.python("import json; print(json.dumps(bot.replies))")),
        "view": json.loads(nb.python(
            "import json; print(json.dumps(len(json.dumps(w.view, separators=(',', ':')))))")),
        "patch": json.loads(nb.python(
            "print(json.dumps(len(json.dumps(w.view_patch, separators=(',', ':')))))")),
    }
    nb.page.context.close()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=80)
    parser.add_argument("--runs", type=int, default=1,
                        help="repeat the whole measurement, each time in a fresh JupyterLab")
    args = parser.parse_args()
    results = []
    for _ in range(args.runs):
        with running_lab() as lab, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=CHROMIUM_ARGS)
            results.append(measure(browser, lab, args.moves))
            browser.close()
    teacher = [r["teacher"] for r in results]
    against_bot = [r["bot"] for r in results]
    runs = f" ({args.runs} runs)" if args.runs > 1 else ""
    report(f"{sum(map(len, teacher))} moves clicked in the teacher's view{runs} (no bot: the "
           "engine answers)", teacher)
    report(f"{sum(map(len, against_bot))} moves clicked in a classic game against the heuristic "
           f"bot{runs} (the answer confirms the move; the bot's reply follows)", against_bot)
    echo = [r["teacher_floor"] + r["bot_floor"] for r in results]
    print(f"{sum(map(len, echo))} clicks on a widget that does nothing but answer{runs}, one "
          "after each move of each game in its notebook (the floor: one message each way, one "
          "number written)")
    answer = ("answeredAt", "answerRenderedAt", "answerPresentedAt")
    for label, kinds, field in FIGURES:
        if field not in answer or "other" not in kinds:  # the floor's clicks are all "other"
            continue
        label = label.replace("the engine's answer", "the answer").split(" [")[0]
        print("  " + summary(label, elapsed([t for run in echo for t in run], ("other",), field)))
    for label, start, end in KERNEL:
        label = label.split(" (")[0] if label.startswith("the kernel's") else label.replace(
            ", the widget's drawing code", "")
        print("  " + summary(label, between([t for run in echo for t in run], start, end)))
    print("The engine's answer on screen against the floor, same run [goal: p95 at most the "
          f"floor's p95 + {ANSWER_OVER_FLOOR_GOAL:.0f} ms]")
    for name, games, floor in (
            ("teacher's view", teacher, [r["teacher_floor"] for r in results]),
            ("against the bot", against_bot, [r["bot_floor"] for r in results])):
        print("  " + over_floor(name, games, floor))
    print(summary("heuristic bot reply in the kernel", [x for r in results for x in r["replies"]]))
    print(summary("websocket bytes received per move (kernel to page, all frames)",
                  [float(f) for r in results for f in r["frames"]], "bytes"))
    print(f"size of the final synced view as JSON: {results[-1]['view']} bytes (sent whole only "
          f"when the widget opens); its last patch, what a move sends: {results[-1]['patch']} "
          "bytes")


if __name__ == "__main__":
    main()
