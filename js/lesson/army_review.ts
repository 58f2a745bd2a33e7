// An army's review on the lesson board (stratego_widget/lessons/playing/army_review.py): once a
// whole army is set up, the solved step's feedback lists each point under the panel's feedback,
// and the board marks each point's squares by its severity (the worst one where points share
// a square). Python wrote every word; this module only draws them.

import { drawList, el } from "../shared/dom";
import type { LessonFeedback } from "../shared/types";
import { markSquares } from "./square_marks";

type Severity = LessonFeedback["review"][number]["severity"];

/** From the best to the worst, as Python's SEVERITIES. */
const SEVERITIES: readonly Severity[] = ["good", "advice", "warning"];
/** A shape per severity besides its colour (colour-blind safe). */
const MARKS: Record<Severity, string> = { good: "✓", advice: "•", warning: "⚠" };

/** The list of the review's points in `list` (hidden when the feedback has none). */
export function drawArmyReview(list: HTMLElement, feedback: LessonFeedback | null): void {
  drawList(list, feedback?.review ?? [], (point) => `${point.id}|${point.severity}|${point.text}`,
    (point) => {
    const item = el("li", { className: `sw-review-point sw-review-${point.severity}`,
      testid: `review-${point.id}` });
    item.dataset.severity = point.severity;
    item.dataset.squares = point.squares.join(" ");
    item.append(el("span", { className: "sw-review-mark", text: MARKS[point.severity] }), " ",
      el("span", { text: point.text }));
    return item;
  });
}

/** Each square of `board` a review point is about, marked `sw-review-<severity>`. */
export function markArmyReview(board: HTMLElement, feedback: LessonFeedback | null): void {
  const worst = new Map<string, Severity>();
  for (const point of feedback?.review ?? []) {
    for (const square of point.squares) {
      const was = worst.get(square);
      if (!was || SEVERITIES.indexOf(point.severity) > SEVERITIES.indexOf(was)) worst.set(square, point.severity);
    }
  }
  markSquares(board, "sw-review-", SEVERITIES, worst);
}
