// An army's review on the lesson board: the points listed under the feedback and their squares
// marked by severity (the worst where points share a square), cleared with the next feedback.

import { describe, expect, it } from "vitest";

import setup from "../lesson_fixtures/setup.json";
import { drawArmyReview, markArmyReview } from "../../lesson/army_review";
import type { LessonFeedback } from "../../shared/types";

const base = { ...(setup.lesson.feedback ?? {}), solved: true } as LessonFeedback;
const reviewed: LessonFeedback = {
  ...base,
  review: [
    { id: "flag-back-row", severity: "good", squares: ["c1"], text: "Your Flag is on the back row (c1)." },
    { id: "flag-bare", severity: "warning", squares: ["c1", "d1"], text: "Nothing next to your Flag protects it." },
    { id: "lane-left-weak", severity: "advice", squares: ["a1"], text: "Left lane: weak." },
  ],
};

function board(): HTMLElement {
  const host = document.createElement("div");
  for (const square of ["a1", "b1", "c1", "d1"]) {
    const cell = document.createElement("div");
    cell.dataset.square = square;
    host.append(cell);
  }
  return host;
}

describe("an army's review", () => {
  it("lists each point with its severity and squares, in Python's words", () => {
    const list = document.createElement("ul");
    drawArmyReview(list, reviewed);
    expect(list.hidden).toBe(false);
    const items = Array.from(list.querySelectorAll<HTMLElement>("li"));
    expect(items.map((item) => item.dataset.severity)).toEqual(["good", "warning", "advice"]);
    expect(items[1].dataset.squares).toBe("c1 d1");
    expect(items[1].textContent).toContain("Nothing next to your Flag protects it.");
    expect(items[1].textContent).toContain("⚠");
    drawArmyReview(list, { ...base, review: [] });
    expect(list.hidden).toBe(true);
    expect(list.querySelectorAll("li").length).toBe(0);
  });

  it("marks each square by its worst point and clears the marks with a feedback without one", () => {
    const host = board();
    markArmyReview(host, reviewed);
    const cls = (square: string) => Array.from(host.querySelector<HTMLElement>(`[data-square="${square}"]`)!.classList);
    expect(cls("c1")).toEqual(["sw-review-warning"]);
    expect(cls("d1")).toEqual(["sw-review-warning"]);
    expect(cls("a1")).toEqual(["sw-review-advice"]);
    expect(cls("b1")).toEqual([]);
    markArmyReview(host, null);
    expect(["a1", "b1", "c1", "d1"].flatMap(cls)).toEqual([]);
  });
});
