// The hints asked for at a step on the lesson board (stratego_widget/lessons/board/panel_values.py):
// listed in the panel, numbered, the newest last, each with what it cost, and their squares
// marked on the board: the piece to use, where it goes, the move's origin and target, each
// mark with a shape of its own (solid, dashed, dotted, double) and its hint's number. Python
// wrote every word and chose every square; this module only draws them.

import { drawList, el, setAttr } from "../shared/dom";
import type { LessonState } from "../shared/types";
import { markSquares } from "./square_marks";

type HintMark = LessonState["hint_marks"][number];
type Mark = HintMark["mark"];

/** Every mark a hint puts on a square. */
const MARKS: readonly Mark[] = ["piece", "area", "from", "to"];

/** The hints of `state` listed in `list` (hidden when there are none; a trait saved before
 * hints were kept has none). */
export function drawHints(list: HTMLOListElement, state: LessonState | undefined): void {
  drawList(list, state?.hints ?? [], (hint) => `${hint.number}|${hint.text}|${hint.cost}`, (hint) => {
    const item = el("li", { className: "sw-lesson-hint", testid: `lesson-hint-${hint.number}` });
    item.value = hint.number;
    item.dataset.level = String(hint.level);
    item.dataset.stars = String(hint.stars);
    item.append(el("span", { text: hint.text }), " ",
      el("span", { className: "sw-lesson-hint-cost", text: hint.cost }));
    return item;
  });
}

/** Each square of `board` a hint of `state` marks: `sw-hint-<mark>` and `data-hint`, the
 * number of the hint in the list (cleared with the hints: Retry, Next, a solved step). */
export function markHints(board: HTMLElement, state: LessonState | undefined): void {
  const marks = new Map<string, HintMark>((state?.hint_marks ?? []).map((mark) => [mark.square, mark]));
  const kinds = new Map<string, Mark>([...marks].map(([square, mark]) => [square, mark.mark]));
  markSquares(board, "sw-hint-", MARKS, kinds, (cell, kind) => {
    const mark = kind ? marks.get(cell.dataset.square ?? "") : undefined;
    if (mark) setAttr(cell, "data-hint", String(mark.hint));
    else if (cell.hasAttribute("data-hint")) cell.removeAttribute("data-hint");
  });
}
