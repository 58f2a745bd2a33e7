// The anywidget entry point of the lesson board (stratego_widget.lessons.LessonWidget): the
// normal board, rendered by ./widget into a child element, with the lesson panel at the top of
// the board's side column (beside the board; above it when the notebook is narrow, see
// lesson.css), so that the board and the instruction fit the notebook's height together, and a
// feedback appearing under the panel never moves the board.

import type { AnyWidget, RenderProps } from "@anywidget/types";

import { CourseMapView, downloadHandIn, storeProgress, storedProgress, watchProgress, type CourseMap } from "./course";
import { LessonPanel, type LessonModel, type LessonState } from "./lesson";
import { checkMessage } from "../shared/protocol";
import type { LessonMessage, Traits } from "../shared/types";
import widget, { ALIVE_TIMEOUT_MS } from "../board/widget";

/** The lesson widget's synced traits: the board's, the lesson panel's and the course's. */
export type LessonTraits = Traits & {
  lesson: LessonState;
  course: CourseMap;
  start_with_map: boolean;
  progress_mode: string;
  progress_text: string | null;
};

const EVENTS = ["change:lesson", "change:lang", "change:rules", "change:view_patch",
  "change:view", "change:interactive", "change:course"];

function render({ model, el }: Pick<RenderProps<LessonTraits>, "model" | "el">): () => void {
  const panel = new LessonPanel(model as unknown as LessonModel);
  const course = new CourseMapView({
    map: () => model.get("course"),
    lang: () => model.get("lang"),
    interactive: () => panel.canAct(),
    send: (message: LessonMessage) => {
      if (!panel.canAct()) return;
      const problem = checkMessage(message, model.get("rules"), true);
      if (problem) console.error(`stratego widget: the course map made a message that breaks the protocol (${problem})`, message);
      else model.send(message);
    },
    shown: (open) => { panel.boardHost.hidden = open; },
  });
  el.classList.add("stratego-widget", "sw-lesson-widget");
  el.replaceChildren(panel.boardHost, course.element);
  const board = widget.render({ model: model as never, el: panel.boardElement });
  placePanel(panel, el);
  panel.addControl(course.openButton);
  const stopKeeping = keepProgress(model);
  // Registered after the board's own listeners: the board is drawn when the panel marks it.
  const update = () => { panel.render(); course.render(); };
  for (const event of EVENTS) model.on(event, update);
  const onCustom = (message: unknown) => {
    if (downloadHandIn(message)) return;  // the learner's file handed in: the browser saves it
    if ((message as { type?: string })?.type === "alive") {
      clearTimeout(timer);
      panel.setAlive(true);
      course.render();
    }
  };
  model.on("msg:custom", onCustom);
  // The board asked the kernel once; without an answer the panel is read-only too.
  const timer = setTimeout(() => { panel.setAlive(false); course.render(); }, ALIVE_TIMEOUT_MS);
  update();
  if (model.get("start_with_map")) course.setOpen(true, false);
  return () => {
    clearTimeout(timer);
    for (const event of EVENTS) model.off(event, update);
    model.off("msg:custom", onCustom);
    stopKeeping();
    panel.dispose();
    board();
  };
}

/** Where Python runs in the browser (JupyterLite), the learner's progress lives in the
 * browser's storage: what it kept goes to Python, first and whenever another tab stores; what
 * Python says to keep is stored merged with what is there, and when that brought attempts of
 * another board, the merge goes back to Python. */
function keepProgress(model: Pick<RenderProps<LessonTraits>, "model">["model"]): () => void {
  if (model.get("progress_mode") !== "browser") return () => {};
  let sent = storedProgress();
  const restore = (text: string) => {
    if (text && text !== sent) model.send({ type: "progress_restore", text: (sent = text) });
  };
  model.send({ type: "progress_restore", text: sent });
  const store = () => {
    const text = model.get("progress_text");
    if (text && storeProgress(text)) {
      const stored = storedProgress();
      if (stored !== text) restore(stored);
    }
  };
  model.on("change:progress_text", store);
  const unwatch = watchProgress(restore);
  return () => {
    model.off("change:progress_text", store);
    unwatch();
  };
}

/** The panel and its feedback go first in the board's side column; a board without one (never,
 * today) gets them above it. */
function placePanel(panel: LessonPanel, el: HTMLElement): void {
  const column = panel.boardElement.querySelector(".sw-column");
  if (column) column.prepend(panel.element, panel.feedback);
  else el.prepend(panel.element, panel.feedback);
}

export default { render } satisfies AnyWidget<LessonTraits>;
