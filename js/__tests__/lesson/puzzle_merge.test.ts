// The puzzle trainer (issue 36) on the course map, and the learner's puzzles surviving the
// browser's merge of two boards' progress.

import { describe, expect, it } from "vitest";

import course from "../lesson_fixtures/course.json";
import { mount as mountWidget, rootElement, useRoot, type State } from "../harness";
import { PROGRESS_KEY, mergeProgress, mergePuzzles } from "../../lesson/course";
import lessonWidget from "../../lesson/lesson_widget";
import type { CourseMap } from "../../shared/types";

useRoot();

const id = (name: string): HTMLElement => {
  const node = rootElement().querySelector<HTMLElement>(`[data-testid="${name}"]`);
  if (!node) throw new Error(`no ${name}`);
  return node;
};

describe("the map's puzzles", () => {
  it("says the learner's rating and what was solved, and plays a round", () => {
    const map = { ...(course.course as CourseMap), puzzles: {
      rating: 1432, deviation: 180, solved: 3, attempts: 5, due: 1, playing: false } };
    const model = mountWidget({ ...course, course: map } as State, true, true, lessonWidget.render);
    expect(id("course-puzzles-status").textContent)
      .toBe("Puzzels: je rating 1432, 3 opgelost in 5 pogingen, 1 te herhalen");
    expect(id("course-puzzles").textContent).toBe("Puzzels spelen");
    id("course-puzzles").click();
    expect(model.sent).toContainEqual({ type: "course_puzzles" });
    expect(id("course-map").hidden).toBe(true);
  });
});

function puzzle(attempts: number) {
  return { attempts, solved: 0, best: 0, due: null, interval: 0, rating: [1500, 350, 0.06] };
}

function progress(puzzles?: { rating: number[]; records: Record<string, ReturnType<typeof puzzle>> }) {
  return JSON.stringify({ format: PROGRESS_KEY, version: 2, learner: "", lessons: {}, ...(puzzles ? { puzzles } : {}) });
}

describe("merging the puzzles", () => {
  it("keeps each puzzle's record with more attempts and the rating of the busier side", () => {
    const mine = { rating: [1400, 200, 0.06], records: { a: puzzle(1), b: puzzle(3) } };
    const theirs = { rating: [1600, 100, 0.06], records: { b: puzzle(1), c: puzzle(4) } };
    const merged = mergePuzzles(mine, theirs);
    expect(Object.keys(merged?.records ?? {})).toEqual(["a", "b", "c"]);
    expect(merged?.records.b.attempts).toBe(3);
    expect(merged?.rating).toEqual([1600, 100, 0.06]);
  });

  it("carries the puzzles through mergeProgress, and leaves a file without them as it was", () => {
    const mine = progress({ rating: [1450, 300, 0.06], records: { a: puzzle(2) } });
    const merged = JSON.parse(mergeProgress(mine, progress())) as { puzzles?: unknown };
    expect(merged.puzzles).toEqual({ rating: [1450, 300, 0.06], records: { a: puzzle(2) } });
    expect("puzzles" in JSON.parse(mergeProgress(progress(), progress()))).toBe(false);
  });
});
