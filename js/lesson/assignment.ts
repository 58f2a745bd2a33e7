// The assignments a teacher set, on the learner's course map (./course.ts): each one's title, its
// due date (overdue said in words), whether it is passed, and its lessons and steps, each with
// its stars and its state in words (passed, done, not yet), each a button that opens the lesson.
// Python decides every figure (stratego_widget/lessons/board/course.py, assignment_on_map); this
// module only says them.

import { button, el, setAttr } from "../shared/dom";
import { word } from "../shared/i18n";
import type { MapAssignment, MapAssignmentItem } from "../shared/types";

let assignmentViews = 0;

/** A date of the map (ISO, "2026-12-04") as the learner's language writes it. */
export function dateText(iso: string, lang: string): string {
  const day = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(day);
}

const number = (value: number, lang: string): string =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value);

/** "Due 4 December 2026", or "Due 4 December 2026: overdue"; "" without a due date. */
export function dueText(assignment: MapAssignment, lang: string): string {
  if (!assignment.due) return "";
  const date = dateText(assignment.due, lang);
  return word(assignment.overdue ? "courseAssignmentOverdue" : "courseAssignmentDue", lang, { date });
}

/** "Passed: 9.33 of 10 points", passed late, or not yet with what passes. */
export function statusText(assignment: MapAssignment, lang: string): string {
  const fill = {
    points: number(assignment.points, lang), maximum: number(assignment.maximum, lang),
    percent: number(assignment.pass_percent, lang),
  };
  if (!assignment.passed) return word("courseAssignmentNotYet", lang, fill);
  return word(assignment.late ? "courseAssignmentPassedLate" : "courseAssignmentPassed", lang, fill);
}

/** "The Scout, every step: 4 of 12 stars, done": an item as its button says it. */
export function itemText(item: MapAssignmentItem, lang: string): string {
  const what = item.whole ? word("courseAssignmentWhole", lang, { title: item.title })
    : word("courseAssignmentStep", lang, { title: item.title, steps: item.steps.join(", ") });
  const stars = word("courseStars", lang, { stars: String(item.stars), total: String(item.possible) });
  const state = word(item.state === "passed" ? "courseItemPassed"
    : item.state === "done" ? "courseItemDone" : "courseItemNotYet", lang);
  return `${what}: ${stars}, ${state}`;
}

/** The mark beside an item's state: a shape for each, besides the words. */
const MARKS: Record<MapAssignmentItem["state"], string> = { passed: "✓", done: "●", "not-yet": "○" };

/** One assignment on the map; ``open`` plays a lesson of it. */
export function assignmentView(assignment: MapAssignment, index: number, lang: string,
  interactive: boolean, open: (lesson: string) => void): HTMLElement {
  const section = el("section", { className: "sw-course-assignment", testid: `course-assignment-${index}` });
  const heading = el("h3", { text: word("courseAssignment", lang, { title: assignment.title }) });
  heading.id = `sw-course-assignment-${assignmentViews++}`;
  setAttr(section, "aria-labelledby", heading.id);
  section.append(heading);
  const due = dueText(assignment, lang);
  if (due) {
    const dueLine = el("p", { className: "sw-course-due", testid: `course-assignment-${index}-due`, text: due });
    if (assignment.overdue) dueLine.classList.add("sw-overdue");
    section.append(dueLine);
  }
  const status = el("p", {
    className: `sw-course-assignment-status${assignment.passed ? " sw-passed" : ""}`,
    testid: `course-assignment-${index}-status`, text: statusText(assignment, lang),
  });
  const list = el("ul", { className: "sw-course-assignment-items" });
  assignment.items.forEach((item, place) => {
    const entry = el("li", { className: `sw-course-assignment-item sw-${item.state}` });
    const go = button(`course-assignment-${index}-item-${place}`, () => open(item.lesson));
    go.disabled = !interactive;
    go.dataset.state = item.state;
    const mark = el("span", { className: "sw-course-item-mark", text: MARKS[item.state] });
    mark.setAttribute("aria-hidden", "true");
    go.append(mark, el("span", { text: itemText(item, lang) }));
    entry.append(go);
    list.append(entry);
  });
  section.append(status, list);
  return section;
}

