// The course map of a lesson board and the progress kept in the browser, from a state the Python
// course widget wrote (lesson_fixtures/course.json, made by make_lesson_fixtures.py).

import { afterEach, describe, expect, it, vi } from "vitest";

import course from "../lesson_fixtures/course.json";
import solved from "../lesson_fixtures/solved.json";
import { mount as mountWidget, rootElement, unmount, useRoot, type FakeModel, type State } from "../harness";
import { PROGRESS_KEY, lessonLabel, placeText, storeProgress, storedProgress } from "../../lesson/course";
import lessonWidget from "../../lesson/lesson_widget";
import { ALIVE_TIMEOUT_MS } from "../../board/widget";
import type { CourseMap } from "../../shared/types";

useRoot();
afterEach(() => { localStorage.clear(); vi.useRealTimers(); });

function mount(state: State, kernel = true): FakeModel {
  return mountWidget(state, true, kernel, lessonWidget.render);
}

const id = (name: string): HTMLElement => {
  const node = rootElement().querySelector<HTMLElement>(`[data-testid="${name}"]`);
  if (!node) throw new Error(`no ${name}`);
  return node;
};

const map = course.course as CourseMap;

describe("the course map", () => {
  it("opens first on a course, in the learner's language, with every lesson and its stars", () => {
    mount(course as State);
    expect(id("course-map").hidden).toBe(false);
    expect(rootElement().querySelector<HTMLElement>(".sw-lesson-board")!.hidden).toBe(true);
    expect(id("course-map").textContent).toContain("Cursuskaart");
    const lessons = map.courses.flatMap((c) => c.lessons);
    expect(rootElement().querySelectorAll(".sw-course-open").length).toBe(lessons.length);
    const first = lessons[0];
    expect(first.state).toBe("done");
    expect(id(`course-lesson-${first.id}`).getAttribute("aria-label")).toBe(lessonLabel(first, "nl"));
    expect(id(`course-lesson-${first.id}`).textContent).toContain("★★★");
    expect(id("course-stars").textContent).toBe(`${map.stars} van de ${map.possible} sterren`);
    // The lesson played and the one suggested are marked; what a lesson builds on is shown.
    const playing = lessons.find((l) => l.current)!;
    expect(id(`course-lesson-${playing.id}`).getAttribute("aria-current")).toBe("true");
    expect(id("course-map").textContent).toContain("bouwt voort op");
  });

  it("opens a lesson by clicking it, and goes back to the board", () => {
    const model = mount(course as State);
    id("course-lesson-miner").click();
    expect(model.sent).toContainEqual({ type: "course_open", lesson: "miner" });
    expect(id("course-map").hidden).toBe(true);
    expect(rootElement().querySelector<HTMLElement>(".sw-lesson-board")!.hidden).toBe(false);
    id("course-map-button").click();
    expect(id("course-map").hidden).toBe(false);
    id("course-back").click();
    expect(id("course-map").hidden).toBe(true);
  });

  it("offers the steps due for review, and nothing when none is due", () => {
    const model = mount(course as State);
    expect(map.review).toBe(1);
    expect(id("course-review").textContent).toBe("1 stap herhalen");
    id("course-review").click();
    expect(model.sent).toContainEqual({ type: "course_review" });
    unmount();
    mount({ ...course, course: { ...map, review: 0 } } as State);
    expect((id("course-review") as HTMLButtonElement).disabled).toBe(true);
  });

  it("says where progress is kept, and a problem in full", () => {
    expect(placeText({ ...map, place: "~/.stratego_widget/progress.json" }, "en"))
      .toBe("Your progress is saved in ~/.stratego_widget/progress.json");
    expect(placeText({ ...map, place: "browser" }, "fr")).toBe("Votre progression est enregistrée dans ce navigateur");
    expect(placeText({ ...map, place: "", problem: "progress.json: broken." }, "en")).toBe("progress.json: broken.");
  });

  it("is a button away on a lesson board, and closed there at first", () => {
    mount(solved as State);
    expect(id("course-map").hidden).toBe(true);
    expect(id("course-map-button").hidden).toBe(false);
    expect(id("course-map-button").getAttribute("aria-expanded")).toBe("false");
  });

  it("cannot open a lesson from a saved notebook without a kernel", () => {
    vi.useFakeTimers();
    const model = mount(course as State, false);
    vi.advanceTimersByTime(ALIVE_TIMEOUT_MS + 1);
    expect((id("course-lesson-miner") as HTMLButtonElement).disabled).toBe(true);
    id("course-lesson-miner").click();
    expect(model.sent.filter((m) => m.type === "course_open")).toEqual([]);
  });
});

describe("progress in the browser's storage", () => {
  it("hands the stored progress to Python once and stores what Python sends", () => {
    localStorage.setItem(PROGRESS_KEY, '{"scout": [3]}');
    const model = mount({ ...course, progress_mode: "browser" } as State);
    expect(model.sent.filter((m) => m.type === "progress_restore"))
      .toEqual([{ type: "progress_restore", text: '{"scout": [3]}' }]);
    model.set("progress_text", '{"miner": [2]}');
    expect(storedProgress()).toBe('{"miner": [2]}');
    model.set("progress_text", null);           // nothing to store: what is stored stays
    expect(storedProgress()).toBe('{"miner": [2]}');
  });

  it("does nothing with the browser's storage when Python keeps a file", () => {
    localStorage.setItem(PROGRESS_KEY, "kept");
    const model = mount(course as State);
    expect(model.sent.filter((m) => m.type === "progress_restore")).toEqual([]);
    model.set("progress_text", "{}");
    expect(storedProgress()).toBe("kept");
  });

  it("survives a browser that refuses its storage", () => {
    const refusing = {
      getItem: () => { throw new Error("denied"); },
      setItem: () => { throw new Error("full"); },
    } as unknown as Storage;
    expect(storedProgress(refusing)).toBe("");
    expect(storeProgress("x", refusing)).toBe(false);
  });
});
