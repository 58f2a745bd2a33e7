// The lesson panel around the board, from states the Python lesson widget wrote
// (lesson_fixtures/*.json, made by make_lesson_fixtures.py).

import { afterEach, describe, expect, it, vi } from "vitest";

import finished from "../lesson_fixtures/finished.json";
import solvedFr from "../lesson_fixtures/solved_fr.json";
import englishOnly from "../lesson_fixtures/english_only.json";
import question from "../lesson_fixtures/question.json";
import refused from "../lesson_fixtures/refused.json";
import setup from "../lesson_fixtures/setup.json";
import solved from "../lesson_fixtures/solved.json";
import { FakeModel, mount as mountWidget, rootElement, query, square, testid, unmount, useRoot, type State } from "../harness";
import { starText } from "../../lesson/lesson";
import { languageName } from "../../shared/i18n";
import lessonWidget from "../../lesson/lesson_widget";

useRoot();
afterEach(() => vi.useRealTimers());

function mount(state: State, kernel = true): FakeModel {
  return mountWidget(state, true, kernel, lessonWidget.render);
}

const q = query;
const id = testid;

describe("the lesson panel", () => {
  it("shows the lesson, the step, the instruction and the board", () => {
    mount(solved as State);
    const panel = id("lesson-panel");
    // The solved step stays, with its result, until Next (issue 22).
    expect(panel.dataset.lessonStep).toBe("0");
    expect(panel.dataset.lessonState).toBe("solved");
    expect(id("lesson-title").textContent).toBe("The Scout");
    expect(id("lesson-progress").textContent).toBe(`Step 1 of ${solved.lesson.panel.steps}`);
    expect(id("lesson-instruction").textContent).toBe(solved.lesson.panel.instruction);
    expect(id("lesson-step-0").textContent).toBe("1 ★★★");
    expect(id("lesson-step-0").getAttribute("aria-label")).toBe("Step 1: 3 of 3 stars");
    expect(id("lesson-step-0").getAttribute("aria-current")).toBe("step");
    expect(rootElement().querySelectorAll(".sw-root [data-square]").length).toBe(100);
    // The solved step's success, with the rulebook's words.
    expect(id("lesson-feedback").textContent).toContain("3 of 3 stars");
    expect(id("lesson-quote").hidden).toBe(false);
    expect(id("lesson-quote").textContent).toContain(solved.lesson.feedback!.quote!);
  });

  it("quotes the rulebook in the learner's language where the rulebook is printed in it", () => {
    mount(solvedFr as State);
    const feedback = solvedFr.lesson.feedback!;
    expect(feedback.quote_language).toBe("fr");
    expect(id("lesson-quote").textContent).toBe(`La règle du jeu (${feedback.cite}): “${feedback.quote}”`);
    expect(feedback.cite).toMatch(/^Stratego Original, /);
    expect(id("lesson-quote-words").getAttribute("lang")).toBe("fr");
  });

  it("says a rulebook printed only in English is quoted in English, marked for screen readers", () => {
    mount(englishOnly as State);
    const feedback = englishOnly.lesson.feedback!;
    expect(feedback.quote_language).toBe("en");
    expect(id("lesson-quote").textContent).toContain(`Die Spielregel (${feedback.cite}), auf Englisch: `);
    expect(languageName("de", "fr")).toBe("allemand"); // a quote in another language names it
    expect(id("lesson-quote-words").getAttribute("lang")).toBe("en");
    expect(id("lesson-quote").textContent).not.toMatch(/\d{3}_[0-9a-f]{16}\.txt/);
  });

  it("explains a refused move in the panel and next to the clicked square", () => {
    mount(refused as State);
    const feedback = id("lesson-feedback");
    expect(feedback.dataset.rule).toBe("diagonal");
    expect(feedback.dataset.accepted).toBe("false");
    expect(feedback.textContent).toContain("Scouts go far");
    expect(id("lesson-rule").hidden).toBe(false);
    const bubble = id("lesson-bubble");
    expect(bubble.hidden).toBe(false);
    expect(bubble.dataset.square).toBe("c3");
    expect(bubble.textContent).toBe(refused.lesson.feedback!.text);
    square("e5").click(); // the next click takes it away
    expect(bubble.hidden).toBe(true);
  });

  it("sends Hint, Retry, Next and a step", () => {
    const model = mount(solved as State);
    id("lesson-hint").click();
    id("lesson-retry").click();
    id("lesson-next").click();
    id("lesson-step-3").click();
    expect(model.sent).toEqual([{ type: "lesson_hint" }, { type: "lesson_retry" },
      { type: "lesson_next" }, { type: "lesson_goto", step: 3 }]);
    expect(id("lesson-hint").textContent).toBe("Hint");
  });

  it("moves on the board still go to Python as moves", () => {
    const model = mount(refused as State);
    const from = Object.keys(refused.view.targets)[0];
    const to = Object.keys((refused.view.targets as Record<string, Record<string, string>>)[from])[0];
    square(from).click();
    square(to).click();
    expect(model.sent).toEqual([{ type: "move", from, to }]);
  });

  it("answers a question with the answer's id", () => {
    const model = mount(question as State);
    expect(id("lesson-panel").dataset.lessonState).toBe("playing");
    expect(id("lesson-choices").hidden).toBe(false);
    expect(id("lesson-tray").hidden).toBe(true);
    const first = question.lesson.panel.choices[0];
    const node = id(`lesson-choice-${first.id}`);
    expect(node.textContent).toBe(first.text);
    node.click();
    expect(model.sent).toEqual([{ type: "lesson_answer", choice: first.id }]);
  });

  it("places a tray piece on a square of the setup area", () => {
    const model = mount(setup as State);
    const area = setup.lesson.panel.area;
    expect(id("lesson-tray").hidden).toBe(false);
    const marked = Array.from(rootElement().querySelectorAll<HTMLElement>(".sw-lesson-area"))
      .map((cell) => cell.dataset.square).sort();
    expect(marked).toEqual([...area].sort());
    const kind = setup.lesson.panel.tray[0];
    const outside = ["e5", "a10", "j6"].find((name) => !area.includes(name))!;
    square(outside).click();
    expect(model.sent).toEqual([]); // not a square of this step
    // One kind in the tray is picked already; picking it again drops it, once more picks it.
    const tray = id(`lesson-tray-${kind}`);
    expect(tray.getAttribute("aria-pressed")).toBe("true");
    square(area[0]).click();
    expect(model.sent).toEqual([{ type: "lesson_place", kind, square: area[0] }]);
    // The keyboard places too (Enter on a focused square).
    square(area[1]).dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(model.sent.at(-1)).toEqual({ type: "lesson_place", kind, square: area[1] });
  });

  it("says what three stars ask for in this step", () => {
    mount(question as State);
    const progress = id("lesson-progress");
    expect(progress.getAttribute("title")).toBe(question.lesson.panel.three_stars);
    expect(progress.getAttribute("aria-description")).toContain("Three stars");
  });

  it("checks its messages against the protocol before they leave (issue 21)", () => {
    // A tray kind that is not in this board's army: the place message breaks the protocol,
    // so it is logged as the panel's bug and never sent.
    const broken = JSON.parse(JSON.stringify(setup)) as typeof setup;
    const kind = broken.lesson.panel.tray[0];
    broken.rules.kinds = broken.rules.kinds.filter((name: string) => name !== kind);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const model = mount(broken as State);
    square(broken.lesson.panel.area[0]).click();
    expect(model.sent).toEqual([]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("protocol-value"), expect.anything());
    errors.mockRestore();
  });

  it("says the lesson is finished, offers to play it again and to go on to the next lesson", () => {
    const model = mount(finished as State);
    expect(id("lesson-panel").dataset.lessonState).toBe("finished");
    expect(id("lesson-progress").textContent).toBe("Lesson finished: 12 of 12 stars");
    const following = (finished.lesson as { next_lesson: string | null }).next_lesson;
    expect(following).toBeTruthy();
    expect(id("lesson-next").textContent).toBe(`Next lesson: ${following}`);
    expect((id("lesson-next") as HTMLButtonElement).disabled).toBe(false);
    expect((id("lesson-hint") as HTMLButtonElement).disabled).toBe(true);
    expect(id("lesson-retry").textContent).toBe("Play the lesson again");
    id("lesson-next").click();
    expect(model.sent).toEqual([{ type: "lesson_next" }]);
  });

  it("the last lesson of all has no next lesson to offer", () => {
    const lesson = { ...structuredClone(finished.lesson), next_lesson: null };
    mount({ ...finished, lesson } as unknown as State);
    expect(id("lesson-next").textContent).toBe("Next step");
    expect((id("lesson-next") as HTMLButtonElement).disabled).toBe(true);
  });

  it("follows the language", () => {
    const model = mount(refused as State);
    model.set("lang", "de");
    expect(id("lesson-hint").textContent).toBe("Tipp");
    expect(id("lesson-retry").textContent).toBe("Nochmal");
    expect(id("lesson-progress").textContent).toBe(`Schritt 1 von ${solved.lesson.panel.steps}`);
  });

  it("a new feedback from Python is drawn when the lesson trait changes", () => {
    const model = mount(question as State);
    const lesson = structuredClone(question.lesson) as any;
    lesson.feedback = { id: 9, kind: "answer", text: "No.", rule: "lesson-answer", accepted: false,
      solved: false, failed: false, stars: 0, reply: null, cite: null, quote: null, square: null, hint: 0 };
    model.set("lesson", lesson);
    expect(id("lesson-feedback").textContent).toContain("No.");
    expect(id("lesson-feedback").dataset.rule).toBe("lesson-answer");
    expect(id("lesson-bubble").hidden).toBe(true); // no square to show it next to
  });

  it("the same lesson state again writes nothing in the widget", () => {
    for (const state of [solved, refused, question, setup, finished]) {
      const model = mount(state as State);
      const observer = new MutationObserver(() => undefined);
      observer.observe(rootElement(), { subtree: true, attributes: true, childList: true, characterData: true });
      model.set("lesson", structuredClone(state.lesson));
      const written = observer.takeRecords().map((record) =>
        `${(record.target as Element).getAttribute?.("data-testid") ?? record.target.nodeName} ${record.attributeName ?? record.type}`);
      expect(written).toEqual([]);
      observer.disconnect();
      unmount();
    }
  });

  it("is read-only without a kernel", () => {
    vi.useFakeTimers();
    const model = mount(question as State, false);
    vi.advanceTimersByTime(3000);
    expect((id("lesson-hint") as HTMLButtonElement).disabled).toBe(true);
    id("lesson-hint").click();
    expect(model.sent).toEqual([]);
  });

  it("leaves no listener behind", () => {
    const model = mount(setup as State);
    unmount();
    expect(model.listenerCount).toBe(0);
  });

  it("sits beside the board, its feedback under it, so nothing above the board changes", () => {
    const model = mount(question as State);
    const column = q(".sw-root .sw-column");
    // The panel and then its feedback open the board's side column; the board comes first.
    expect(column.firstElementChild).toBe(id("lesson-panel"));
    expect(id("lesson-panel").nextElementSibling).toBe(id("lesson-feedback"));
    const stage = q(".sw-root .sw-stage");
    expect(stage.compareDocumentPosition(column) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // A feedback appearing writes nothing before the board in the page.
    const observer = new MutationObserver(() => undefined);
    observer.observe(rootElement(), { subtree: true, attributes: true, childList: true, characterData: true });
    const lesson = structuredClone(question.lesson) as any;
    lesson.feedback = { id: 9, kind: "answer", text: "No.", rule: "lesson-answer", accepted: false,
      solved: false, failed: false, stars: 0, reply: null, cite: null, quote: null, square: null, hint: 0 };
    model.set("lesson", lesson);
    const before = observer.takeRecords().map((record) => record.target)
      .filter((node) => node.compareDocumentPosition(stage) & Node.DOCUMENT_POSITION_FOLLOWING);
    observer.disconnect();
    expect(before).toEqual([]);
    expect(id("lesson-feedback").hidden).toBe(false);
  });

  it("the setup tray is a named group whose buttons' names hold the words they show", () => {
    mount(setup as State);
    const group = q('[data-testid="lesson-tray"] .sw-buttons');
    expect(group.getAttribute("role")).toBe("group");
    expect(group.getAttribute("aria-label")).toMatch(/^Pieces to place/);
    const kind = setup.lesson.panel.tray[0];
    const node = id(`lesson-tray-${kind}`);
    const shown = node.cloneNode(true) as HTMLElement;
    shown.querySelector(".sw-piece .sw-name")?.remove(); // not drawn on a tray token
    const label = (setup.rules as { labels: Record<string, string> }).labels[kind];
    const words = shown.textContent!.replace("×", " ").split(/\s+/).filter(Boolean);
    expect(words[0]).toBe(label);
    expect(node.getAttribute("aria-label")).toBe(`${words.slice(0, -1).join(" ")}: ${words.at(-1)}`);
  });

  it("draws stars", () => {
    expect([0, 1, 2, 3].map(starText)).toEqual(["☆☆☆", "★☆☆", "★★☆", "★★★"]);
  });
});
