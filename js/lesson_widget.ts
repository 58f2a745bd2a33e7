// The anywidget entry point of the lesson board (stratego_widget.lessons.LessonWidget): the
// normal board, rendered by ./widget into a child element, with the lesson panel at the top of
// the board's side column (beside the board; above it when the notebook is narrow, see
// lesson.css), so that the board and the instruction fit the notebook's height together, and a
// feedback appearing under the panel never moves the board.

import type { AnyWidget, RenderProps } from "@anywidget/types";

import { LessonPanel, type LessonModel, type LessonState } from "./lesson";
import type { Traits } from "./types";
import widget, { ALIVE_TIMEOUT_MS } from "./widget";

/** The lesson widget's synced traits: the board's and the lesson panel's. */
export type LessonTraits = Traits & { lesson: LessonState };

const EVENTS = ["change:lesson", "change:lang", "change:rules", "change:view_patch",
  "change:view", "change:interactive"];

function render({ model, el }: Pick<RenderProps<LessonTraits>, "model" | "el">): () => void {
  const panel = new LessonPanel(model as unknown as LessonModel);
  el.classList.add("stratego-widget", "sw-lesson-widget");
  el.replaceChildren(panel.boardHost);
  const board = widget.render({ model: model as never, el: panel.boardElement });
  placePanel(panel, el);
  // Registered after the board's own listeners: the board is drawn when the panel marks it.
  const update = () => panel.render();
  for (const event of EVENTS) model.on(event, update);
  const onCustom = (message: unknown) => {
    if ((message as { type?: string })?.type === "alive") {
      clearTimeout(timer);
      panel.setAlive(true);
    }
  };
  model.on("msg:custom", onCustom);
  // The board asked the kernel once; without an answer the panel is read-only too.
  const timer = setTimeout(() => panel.setAlive(false), ALIVE_TIMEOUT_MS);
  update();
  return () => {
    clearTimeout(timer);
    for (const event of EVENTS) model.off(event, update);
    model.off("msg:custom", onCustom);
    panel.dispose();
    board();
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
