// Lesson boards in the browser (JupyterLite) merge the progress they store, attempt by attempt:
// several boards of one notebook, or two tabs, never wipe each other's stars (issue 31).

import { afterEach, describe, expect, it } from "vitest";

import course from "../lesson_fixtures/course.json";
import { mount as mountWidget, useRoot, type FakeModel, type State } from "../harness";
import {
  MAX_ATTEMPTS_KEPT, MAX_FILE_ATTEMPTS, PROGRESS_KEY, mergeProgress, storeProgress, storedProgress,
} from "../../lesson/course";
import lessonWidget from "../../lesson/lesson_widget";

useRoot();
afterEach(() => { localStorage.clear(); });

function attempt(second: number, stars = 3) {
  const date = `2026-11-26T10:${String(Math.floor(second / 60) % 60).padStart(2, "0")}:${String(second % 60).padStart(2, "0")}Z`;
  return { date, seconds: 5, solved: stars > 0, stars, failed: false, refusals: 0, wrong_answers: 0, hints: 0, review: false };
}

function record(attempts: ReturnType<typeof attempt>[], best = Math.max(0, ...attempts.map((a) => a.stars))) {
  return { fingerprint: "abc", best, attempts, due: null as string | null, interval: 0 };
}

function progress(lessons: Record<string, Record<string, ReturnType<typeof record>>>, learner = "") {
  return JSON.stringify({ format: PROGRESS_KEY, version: 2, learner, lessons });
}

type Parsed = { learner: string; lessons: Record<string, Record<string, ReturnType<typeof record>>> };
const read = (text: string) => JSON.parse(text) as Parsed;

describe("storing merges with what another board stored", () => {
  it("keeps the stars of two boards that store one after the other", () => {
    const first = progress({ scout: { 0: record([attempt(1, 3)]) } });
    const second = progress({ miner: { 0: record([attempt(2, 2)]) } });
    expect(storeProgress(first)).toBe(true);
    expect(storeProgress(second)).toBe(true);
    const kept = read(storedProgress());
    expect(kept.lessons.scout["0"].best).toBe(3);
    expect(kept.lessons.miner["0"].best).toBe(2);
  });

  it("keeps every attempt of one step once, in time order, the better stars and the newest schedule", () => {
    const shared = attempt(0, 1);
    const mine = progress({ scout: { 0: { ...record([shared, attempt(10, 2)]), due: "2026-11-27", interval: 1 } } }, "Ada");
    const theirs = progress({ scout: { 0: { ...record([shared, attempt(20, 3)]), due: null, interval: 3 } } });
    const merged = read(mergeProgress(mine, theirs)).lessons.scout["0"];
    expect(merged.attempts.map((a) => a.stars)).toEqual([1, 2, 3]);
    expect([merged.best, merged.due, merged.interval]).toEqual([3, null, 3]);
    expect(read(mergeProgress(mine, theirs)).learner).toBe("Ada");
    expect(mergeProgress(mergeProgress(mine, theirs), theirs)).toBe(mergeProgress(mine, theirs));
  });

  it("keeps the newest attempts of a step and of the whole progress", () => {
    const many = Array.from({ length: 30 }, (_, i) => attempt(i));
    const merged = read(mergeProgress(progress({ scout: { 0: record(many.slice(0, 15)) } }),
      progress({ scout: { 0: record(many.slice(15)) } }))).lessons.scout["0"];
    expect(merged.attempts).toEqual(many.slice(-MAX_ATTEMPTS_KEPT));
    const steps: Record<string, ReturnType<typeof record>> = {};
    for (let step = 0; step < 99; step++) steps[step] = record(many.slice(0, MAX_ATTEMPTS_KEPT));
    const lessons = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`lesson-${i}`, steps]));
    const total = Object.values(read(mergeProgress(progress(lessons), progress({}))).lessons)
      .flatMap((s) => Object.values(s)).reduce((n, r) => n + r.attempts.length, 0);
    expect(total).toBe(MAX_FILE_ATTEMPTS);
  });

  it("a step played on two versions of it keeps the record played last", () => {
    const old = progress({ scout: { 0: { ...record([attempt(1)]), fingerprint: "old" } } });
    const edited = progress({ scout: { 0: { ...record([attempt(9, 1)]), fingerprint: "new" } } });
    expect(read(mergeProgress(old, edited)).lessons.scout["0"].fingerprint).toBe("new");
  });

  it("stores Python's text as it is over a stored text of the first form", () => {
    localStorage.setItem(PROGRESS_KEY, '{"scout": [3]}');
    const text = progress({ miner: { 0: record([attempt(1)]) } });
    storeProgress(text);
    expect(storedProgress()).toBe(text);
  });
});

describe("a board hears what other boards and tabs stored", () => {
  function mount(): FakeModel {
    return mountWidget({ ...course, progress_mode: "browser" } as State, true, true, lessonWidget.render);
  }

  it("sends Python what another tab stored, and the merge when it stored over another board", () => {
    const model = mount();
    const other = progress({ miner: { 0: record([attempt(2, 2)]) } });
    window.dispatchEvent(new StorageEvent("storage", { key: PROGRESS_KEY, newValue: other }));
    const restores = () => model.sent.filter((m) => m.type === "progress_restore").map((m) => (m as { text: string }).text);
    expect(restores().at(-1)).toBe(other);
    localStorage.setItem(PROGRESS_KEY, other);              // another board of this page stored
    model.set("progress_text", progress({ scout: { 0: record([attempt(1, 3)]) } }));
    const back = read(restores().at(-1) ?? "{}");
    expect(back.lessons.scout["0"].best).toBe(3);
    expect(back.lessons.miner["0"].best).toBe(2);
  });
});
