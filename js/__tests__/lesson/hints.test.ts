// The hints on the lesson board, from a state the Python lesson widget wrote after three Hint
// clicks (lesson_fixtures/hinted.json): listed in the panel, numbered, each with what it cost,
// what the next one costs beside the Hint button, and their squares marked on the board with a
// shape each and the hint's number, cleared with the hints.

import { describe, expect, it } from "vitest";

import hinted from "../lesson_fixtures/hinted.json";
import { FakeModel, mount as mountWidget, rootElement, square, testid, useRoot, type State } from "../harness";
import { drawHints, markHints } from "../../lesson/hints";
import lessonWidget from "../../lesson/lesson_widget";
import type { LessonState } from "../../shared/types";

useRoot();

const lesson = hinted.lesson as LessonState;

function mount(state: State): FakeModel {
  return mountWidget(state, true, true, lessonWidget.render);
}

const id = testid;
const hintClasses = (cell: HTMLElement) => Array.from(cell.classList).filter((c) => c.startsWith("sw-hint-"));

function board(): HTMLElement {
  const host = document.createElement("div");
  for (const name of ["b2", "b7", "c3"]) {
    const cell = document.createElement("div");
    cell.dataset.square = name;
    host.append(cell);
  }
  return host;
}

describe("hints on the lesson board", () => {
  it("lists every hint asked for, numbered, the newest last, with what it cost", () => {
    mount(hinted as State);
    const items = Array.from(id("lesson-hints").querySelectorAll<HTMLLIElement>("li"));
    expect(id("lesson-hints").hidden).toBe(false);
    expect(items.map((item) => item.value)).toEqual([1, 2, 3]);
    expect(items.map((item) => item.textContent)).toEqual(lesson.hints.map((hint) => `${hint.text} ${hint.cost}`));
    expect(items[1].textContent).toContain("Use the Scout on b2.");
    expect(items[1].textContent).toContain("This hint costs a star");
    expect(items[1].dataset.stars).toBe("2");
    // What the next hint costs, beside the button and in its description.
    expect(id("lesson-hint-cost").textContent).toBe("The next hint costs a star.");
    expect(id("lesson-hint-cost").hidden).toBe(false);
    expect(id("lesson-hint").getAttribute("aria-description")).toBe("The next hint costs a star.");
  });

  it("marks the piece and where it goes on the board, each with its hint's number", () => {
    mount(hinted as State);
    expect(hintClasses(square("b2"))).toEqual(["sw-hint-piece"]);
    expect(square("b2").dataset.hint).toBe("2");
    expect(hintClasses(square("b7"))).toEqual(["sw-hint-area"]);
    expect(square("b7").dataset.hint).toBe("3");
    expect(rootElement().querySelectorAll(".sw-root [data-hint]").length).toBe(2);
  });

  it("clears the list and the marks when Python sends none (Retry, Next, a solved step)", () => {
    const model = mount(hinted as State);
    model.set("lesson", { ...structuredClone(lesson), hints: [], hint_marks: [], hint_cost: "" });
    expect(id("lesson-hints").hidden).toBe(true);
    expect(id("lesson-hints").querySelectorAll("li").length).toBe(0);
    expect(id("lesson-hint-cost").hidden).toBe(true);
    expect(rootElement().querySelectorAll(".sw-root [data-hint]").length).toBe(0);
    expect(rootElement().querySelectorAll(".sw-root [class*='sw-hint-']").length).toBe(0);
  });

  it("draws the move as its origin and target, over the earlier marks", () => {
    const host = board();
    markHints(host, lesson);
    const move: LessonState = { ...lesson, hint_marks: [
      { square: "b2", mark: "from", hint: 4 }, { square: "b7", mark: "to", hint: 4 }] };
    markHints(host, move);
    const cell = (name: string) => host.querySelector<HTMLElement>(`[data-square="${name}"]`)!;
    expect(hintClasses(cell("b2"))).toEqual(["sw-hint-from"]);
    expect(hintClasses(cell("b7"))).toEqual(["sw-hint-to"]);
    expect(cell("b2").dataset.hint).toBe("4");
    expect(hintClasses(cell("c3"))).toEqual([]);
    expect(cell("c3").hasAttribute("data-hint")).toBe(false);
  });

  it("draws nothing from a trait saved before hints were kept", () => {
    const list = document.createElement("ol");
    const old = { ...lesson } as Partial<LessonState>;
    delete old.hints;
    delete old.hint_marks;
    drawHints(list, old as LessonState);
    expect(list.hidden).toBe(true);
    const host = board();
    markHints(host, old as LessonState);
    expect(host.querySelectorAll("[data-hint]").length).toBe(0);
  });
});
