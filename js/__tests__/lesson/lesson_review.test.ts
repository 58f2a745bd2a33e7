// What a learner found at the lesson board (issue 33): a lost step told apart from a solved
// one by more than colour, the feedback bubble inside the board's squares and off the square
// it is about, and a bubble still shown said again after a language switch. happy-dom lays
// nothing out, so the bubble's tests give the elements a layout: a header 60 px tall above a
// 10×10 board of 40 px squares right of a 30 px rank column.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import css from "../../lesson/lesson.css?raw";
import refused from "../lesson_fixtures/refused.json";
import solved from "../lesson_fixtures/solved.json";
import { domRect, gridSquareRect, FakeModel, mount as mountWidget, rootElement, useRoot, type State } from "../harness";
import lessonWidget from "../../lesson/lesson_widget";

useRoot();

function mount(state: State): FakeModel {
  return mountWidget(state, true, true, lessonWidget.render);
}

const id = (name: string) => {
  const node = rootElement().querySelector<HTMLElement>(`[data-testid="${name}"]`);
  if (!node) throw new Error(`no ${name}`);
  return node;
};

type Feedback = NonNullable<typeof refused.lesson.feedback>;

/** The refused fixture's state with another feedback (and lesson state). */
function withFeedback(change: Partial<Feedback>, state = "playing"): State {
  const copy = structuredClone(refused) as unknown as { lesson: { feedback: Feedback; state: string } };
  copy.lesson.feedback = { ...copy.lesson.feedback, ...change };
  copy.lesson.state = state;
  return copy as unknown as State;
}

const LOST = { accepted: true, failed: true, rule: "lesson-failed", id: 7, square: "e5",
  text: "Your Scout is lost: the Marshal on e6 takes it." };

/** WCAG's contrast ratio of two colours written #rrggbb. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe("a lost step", () => {
  it("looks different from a solved one: its own edge and a sign with words", () => {
    mount(withFeedback(LOST, "lost"));
    const feedback = id("lesson-feedback");
    expect(feedback.classList.contains("sw-failed")).toBe(true);
    expect(feedback.classList.contains("sw-solved")).toBe(false);
    expect(id("lesson-mark").hidden).toBe(false);
    expect(id("lesson-mark").textContent).toBe("✗ Step lost");
    const bubble = id("lesson-bubble");
    expect(bubble.classList.contains("sw-failed")).toBe(true);
    expect(bubble.classList.contains("sw-accepted")).toBe(false); // not the solved green edge
    expect(bubble.textContent).toBe(`✗ Step lost — ${LOST.text}`);
  });

  it("says it in the learner's language", () => {
    const state = withFeedback(LOST, "lost");
    mount({ ...state, lang: "de" });
    expect(id("lesson-mark").textContent).toBe("✗ Schritt verloren");
  });

  it("a solved step says so, and a refusal carries no mark", () => {
    mount(solved as State);
    expect(id("lesson-mark").textContent).toBe("✓ Solved");
    expect(id("lesson-feedback").classList.contains("sw-failed")).toBe(false);
    mount(refused as State);
    expect(id("lesson-mark").hidden).toBe(true);
  });

  it("has an edge of its own, readable on the light and the dark theme", () => {
    const rule = css.match(/\.sw-lesson-feedback\.sw-failed\s*\{([^}]*)\}/);
    expect(rule?.[1]).toMatch(/double var\(--sw-error\)/);
    const solvedEdge = css.match(/\.sw-lesson-feedback\s*\{([^}]*)\}/)?.[1] ?? "";
    expect(solvedEdge).toMatch(/solid var\(--sw-target\)/);
    // --sw-error (widget.css) against the light and dark backgrounds: 3:1 for a border.
    expect(contrast("#d55e00", "#ffffff")).toBeGreaterThanOrEqual(3);
    expect(contrast("#d55e00", "#1e1e1e")).toBeGreaterThanOrEqual(3);
  });
});

const SIZE = 40;
const GRID = { left: 30, top: 60, width: 10 * SIZE, height: 10 * SIZE };
const GAP = 6;
const BUBBLE = { width: 240, height: 64 };

const rect = domRect;

const squareRect = (name: string): DOMRect => gridSquareRect(GRID, SIZE, name);

describe("the lesson's feedback bubble", () => {
  beforeEach(() => {
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
      const node = this as HTMLElement;
      if (node.classList.contains("sw-lesson-board")) return rect(0, 0, 720, 520);
      if (node.classList.contains("sw-board")) return rect(GRID.left, GRID.top, GRID.width, GRID.height);
      if (node.classList.contains("sw-lesson-bubble")) return rect(0, 0, BUBBLE.width, BUBBLE.height);
      if (node.dataset.square) return squareRect(node.dataset.square);
      return rect(0, 0, 0, 0);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  function bubbleBox(): { left: number; right: number; top: number; bottom: number } {
    const bubble = id("lesson-bubble");
    const x = parseFloat(bubble.style.left);
    const y = parseFloat(bubble.style.top);
    const top = bubble.classList.contains("sw-below") ? y + GAP : y - GAP - BUBBLE.height;
    return { left: x - BUBBLE.width / 2, right: x + BUBBLE.width / 2, top, bottom: top + BUBBLE.height };
  }

  for (const square of ["a1", "a5", "a9", "a10", "j10", "j1", "e6"]) {
    it(`by ${square} stays inside the board and off the square`, () => {
      mount(withFeedback({ square, id: 9 }));
      expect(id("lesson-bubble").hidden).toBe(false);
      const box = bubbleBox();
      const cell = squareRect(square);
      expect(box.left).toBeGreaterThanOrEqual(GRID.left); // not over the rank numbers
      expect(box.right).toBeLessThanOrEqual(GRID.left + GRID.width);
      expect(box.top).toBeGreaterThanOrEqual(GRID.top); // not over the header above the board
      expect(box.bottom).toBeLessThanOrEqual(GRID.top + GRID.height);
      const covers = box.top < cell.bottom && box.bottom > cell.top && box.left < cell.right
        && box.right > cell.left;
      expect(covers, `the bubble covers ${square}`).toBe(false);
    });
  }

  it("still shown, is said again in the new language", () => {
    const model = mount(refused as State);
    const bubble = id("lesson-bubble");
    expect(bubble.textContent).toBe(refused.lesson.feedback!.text);
    const french = "Les pièces se déplacent … (Stratego Original, Déroulement de la bataille).";
    model.set("lesson", { ...refused.lesson, feedback: { ...refused.lesson.feedback, text: french } });
    model.set("lang", "fr");
    expect(bubble.hidden).toBe(false);
    expect(bubble.textContent).toBe(french);
  });
});
