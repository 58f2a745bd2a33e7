// The learner's puzzles (issue 36) survive the browser's merge of two boards' progress.

import { describe, expect, it } from "vitest";

import { PROGRESS_KEY, mergeProgress, mergePuzzles } from "../../lesson/course";

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
