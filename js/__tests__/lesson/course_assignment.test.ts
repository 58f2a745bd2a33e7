// The assignments on the course map (issue 34), from a state the Python course widget wrote
// (lesson_fixtures/course.json) with an assignment as Python's assignment_on_map gives it.

import { describe, expect, it } from "vitest";

import course from "../lesson_fixtures/course.json";
import { mount as mountWidget, rootElement, useRoot, type FakeModel, type State } from "../harness";
import { dateText, itemText, statusText } from "../../lesson/assignment";
import lessonWidget from "../../lesson/lesson_widget";
import type { CourseMap, MapAssignment } from "../../shared/types";

useRoot();

const map = course.course as CourseMap;
const week: MapAssignment = {
  title: "Week 3", due: "2026-12-04", overdue: true, passed: false, late: false,
  points: 3.89, maximum: 10, pass_percent: 60,
  items: [
    { lesson: "scout", title: "The Scout", steps: [1, 2, 3, 4], whole: true, stars: 4, possible: 12, state: "done" },
    { lesson: "spy", title: "The Spy", steps: [1], whole: false, stars: 3, possible: 3, state: "passed" },
    { lesson: "miner", title: "The Miner", steps: [2], whole: false, stars: 0, possible: 3, state: "not-yet" },
  ],
};

function mount(assignments: MapAssignment[], lang = "en"): FakeModel {
  const state = { ...course, lang, course: { ...map, assignments } };
  return mountWidget(state as State, true, true, lessonWidget.render);
}

const id = <T extends HTMLElement = HTMLElement>(name: string): T => {
  const node = rootElement().querySelector<T>(`[data-testid="${name}"]`);
  if (!node) throw new Error(`no ${name}`);
  return node;
};

describe("an assignment on the course map", () => {
  it("says its title, its due date overdue, what passes, and each item's stars and state", () => {
    mount([week]);
    const section = id("course-assignment-0");
    const heading = section.querySelector("h3");
    expect(heading?.textContent).toBe("Assignment: Week 3");
    expect(section.getAttribute("aria-labelledby")).toBe(heading?.id);
    expect(id("course-assignment-0-due").textContent).toBe("Due December 4, 2026: overdue");
    expect(id("course-assignment-0-status").textContent).toBe(
      "Not passed yet: 3.89 of 10 points; 60% of the stars passes");
    expect([0, 1, 2].map((n) => id(`course-assignment-0-item-${n}`).textContent)).toEqual([
      "●The Scout, every step: 4 of 12 stars, done",
      "✓The Spy, step 1: 3 of 3 stars, passed",
      "○The Miner, step 2: 0 of 3 stars, not yet",
    ]);
    // The marks are shapes for the eye; a screen reader hears the words only.
    expect(id("course-assignment-0-item-0").querySelector("[aria-hidden='true']")?.textContent).toBe("●");
  });

  it("opens an item's lesson, closing the map", () => {
    const model = mount([week]);
    id("course-assignment-0-item-2").click();
    expect(model.sent).toContainEqual({ type: "course_open", lesson: "miner" });
    expect(id("course-map").hidden).toBe(true);
  });

  it("says it in every language, numbers and dates as the language writes them", () => {
    mount([week], "de");
    expect(id("course-assignment-0-due").textContent).toBe("Fällig am 4. Dezember 2026: überfällig");
    expect(id("course-assignment-0-status").textContent).toBe(
      "Noch nicht bestanden: 3,89 von 10 Punkten; mit 60% der Sterne bestehst du");
    expect(itemText(week.items[1], "nl")).toBe("The Spy, stap 1: 3 van de 3 sterren, gehaald");
    expect(dateText("2026-12-04", "fr")).toBe("4 décembre 2026");
    expect(statusText({ ...week, passed: true }, "fr")).toBe("Réussi\u00a0: 3,89 points sur 10");
  });

  it("says a pass after the due date, and no date when there is none", () => {
    mount([{ ...week, passed: true, late: true, overdue: false }, { ...week, title: "Free", due: null }]);
    expect(id("course-assignment-0-status").textContent).toBe(
      "Passed after the due date: 3.89 of 10 points");
    expect(id("course-assignment-0-due").textContent).toBe("Due December 4, 2026");
    expect(rootElement().querySelector('[data-testid="course-assignment-1-due"]')).toBeNull();
  });

  it("shows nothing when the course has no assignment", () => {
    mount([]);
    expect(id("course-assignments").children.length).toBe(0);
  });
});
