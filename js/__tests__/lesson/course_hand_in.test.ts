// The learner's name and Hand in on the course map (issue 34), from a state the Python course
// widget wrote (lesson_fixtures/course.json, made by make_lesson_fixtures.py).

import { afterEach, describe, expect, it, vi } from "vitest";

import course from "../lesson_fixtures/course.json";
import { mount as mountWidget, rootElement, useRoot, type FakeModel, type State } from "../harness";
import { downloadHandIn, handInText } from "../../lesson/course";
import lessonWidget from "../../lesson/lesson_widget";
import type { CourseMap } from "../../shared/types";

useRoot();
afterEach(() => { vi.restoreAllMocks(); });

const map = course.course as CourseMap;
const learner = { name: "", file: "", folder: "", refused: null, detail: "" } as CourseMap["learner"];

function mount(changes: Partial<CourseMap["learner"]> = {}, lang = "en"): FakeModel {
  const state = { ...course, lang, course: { ...map, learner: { ...learner, ...changes } } };
  return mountWidget(state as State, true, true, lessonWidget.render);
}

const id = <T extends HTMLElement = HTMLElement>(name: string): T => {
  const node = rootElement().querySelector<T>(`[data-testid="${name}"]`);
  if (!node) throw new Error(`no ${name}`);
  return node;
};

describe("the learner's name on the course map", () => {
  it("is asked once in a labelled field, and Enter sends it", () => {
    const model = mount();
    expect(id("course-name-ask").textContent).toBe(
      "Type your name and press Enter: your teacher sees it with your progress.");
    const field = id<HTMLInputElement>("course-name");
    const label = rootElement().querySelector<HTMLLabelElement>(`label[for="${field.id}"]`);
    expect(label?.textContent).toBe("Your name");
    field.value = "Ada Lovelace";
    id<HTMLFormElement>("course-name-form").requestSubmit();  // what Enter in the field does
    expect(model.sent).toContainEqual({ type: "course_name", name: "Ada Lovelace" });
  });

  it("shows the name kept, changeable, in the learner's language", () => {
    mount({ name: "Ada" }, "de");
    expect(id("course-name-ask").textContent).toBe("Fortschritt von Ada");
    expect(id<HTMLInputElement>("course-name").value).toBe("Ada");
    expect(id("course-name-save").textContent).toBe("Namen speichern");
  });

  it("says why a name was refused, and keeps what was typed", () => {
    const model = mount({ name: "Ada" });
    const field = id<HTMLInputElement>("course-name");
    field.value = "   ";
    model.set("course", { ...map, learner: { ...learner, name: "Ada", refused: "name", detail: "x" } });
    expect(id("course-handed").textContent).toBe("A name has 1 to 60 characters, without control characters.");
    expect(field.value).toBe("   ");
    expect(field.getAttribute("aria-invalid")).toBe("true");
  });
});

describe("Hand in", () => {
  it("sends the hand-in and says where the file went", () => {
    const model = mount({ name: "Ada" });
    id("course-hand-in").click();
    expect(model.sent).toContainEqual({ type: "course_hand_in" });
    model.set("course", { ...map, learner: { ...learner, name: "Ada", file: "Ada.json", folder: "~/class" } });
    expect(id("course-handed").textContent).toBe("Ada.json is handed in to ~/class (and in your downloads).");
    expect(id("course-handed").getAttribute("role")).toBe("status");
  });

  it("says each outcome in every language", () => {
    const handed = { ...learner, name: "Ada", file: "Ada.json" };
    expect(handInText(handed, "nl")).toBe("Ada.json staat bij je downloads: geef het aan je docent.");
    expect(handInText({ ...learner, refused: "hand-in-name" }, "fr"))
      .toBe("Tapez d'abord votre nom\u00a0: le fichier remis porte votre nom.");
    expect(handInText({ ...learner, refused: "hand-in-folder", detail: "hand_in_folder: x is not a folder." }, "en"))
      .toBe("Not handed in: hand_in_folder: x is not a folder.");
    expect(handInText(learner, "en")).toBe("");
  });

  it("downloads the file Python handed in, named after the learner", async () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const made = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:handed");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    expect(downloadHandIn({ type: "hand_in", file: "Ada.json", text: '{"format": 1}' })).toBe(true);
    expect(clicked.map((a) => [a.download, a.getAttribute("href")])).toEqual([["Ada.json", "blob:handed"]]);
    expect(await (made.mock.calls[0][0] as Blob).text()).toBe('{"format": 1}');
    expect(downloadHandIn({ type: "alive" })).toBe(false);
    expect(downloadHandIn({ type: "hand_in", file: 3, text: "" })).toBe(false);
    expect(clicked.length).toBe(1);
  });
});
