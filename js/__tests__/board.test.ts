// The board as drawn from a view: squares, lakes, hidden ranks, orientation, labels, marks,
// coordinates, and updates in place.

import { describe, expect, it } from "vitest";

import type { Rules, View } from "../types";
import { marked, mount, rootElement, square, useRoot } from "./harness";
import handover from "./fixtures/handover.json";
import play from "./fixtures/play.json";
import spot from "./fixtures/spot.json";

useRoot();
const playView = play.view as unknown as View;
const playRules = play.rules as unknown as Rules;

describe("drawing the board", () => {
  it("draws every square of the board as a grid cell, lakes included", () => {
    mount(play);
    const root = rootElement();
    expect(root.querySelectorAll('[role="grid"] [role="row"]').length).toBe(10);
    expect(root.querySelectorAll('[role="gridcell"][data-square]').length).toBe(100);
    expect(marked("sw-lake")).toEqual([...playRules.lakes].sort());
    expect(square("c5").getAttribute("aria-label")).toBe("c5, lake");
    expect(square("a5").getAttribute("aria-label")).toBe("a5, empty");
  });

  it("draws the 2013 board 10 wide and 8 deep, with craters", () => {
    mount(spot);
    expect(rootElement().querySelectorAll("[data-square]").length).toBe(80);
    expect(rootElement().querySelectorAll(".sw-crater").length).toBe(spot.rules.lakes.length);
    expect(square(spot.rules.lakes[0]).getAttribute("aria-label")).toBe(`${spot.rules.lakes[0]}, crater`);
  });

  it("shows own ranks and never a rank for hidden enemy pieces", () => {
    mount(play);
    for (const [name, code] of Object.entries(playView.pieces)) {
      const cell = square(name);
      const label = cell.querySelector(".sw-label")!.textContent;
      if (code[1] === "?") {
        expect(label).toBe("");
        expect(cell.querySelector(".sw-piece")!.classList.contains("sw-unknown")).toBe(true);
        expect(cell.getAttribute("aria-label")).toBe(`${name}, Blue piece, unknown`);
      } else {
        expect(label).toBe(playRules.labels[playRules.letters[code[1]]]);
      }
    }
    expect(square("d1").getAttribute("aria-label")).toBe("d1, Red Flag");
  });

  it("Red at the bottom: rank 10 on top, file a on the left, coordinates to match", () => {
    mount(play);
    const first = rootElement().querySelector<HTMLElement>("[data-square]")!;
    expect(first.dataset.square).toBe("a10");
    const ranks = Array.from(rootElement().querySelectorAll(".sw-ranks span")).map((n) => n.textContent);
    const files = Array.from(rootElement().querySelectorAll(".sw-files span")).map((n) => n.textContent);
    expect(ranks).toEqual(["10", "9", "8", "7", "6", "5", "4", "3", "2", "1"]);
    expect(files.join("")).toBe("abcdefghij");
  });

  it("Blue at the bottom turns the board round", () => {
    const model = mount(play);
    model.push({ bottom: "blue" });
    const first = rootElement().querySelector<HTMLElement>("[data-square]")!;
    expect(first.dataset.square).toBe("j1");
    const files = Array.from(rootElement().querySelectorAll(".sw-files span")).map((n) => n.textContent);
    expect(files.join("")).toBe("jihgfedcba");
  });

  it("labels follow the numbering in the rules", () => {
    const model = mount(play);
    expect(square("d2").querySelector(".sw-label")!.textContent).toBe("2");
    model.set("rules", { ...playRules, labels: { ...playRules.labels, scout: "9" } });
    expect(square("d2").querySelector(".sw-label")!.textContent).toBe("9");
  });

  it("marks moved pieces and own pieces the opponent knows", () => {
    const model = mount(play);
    model.push({ pieces: { ...playView.pieces, e3: "rN+!", b9: "b?+" } });
    const miner = square("e3").querySelector(".sw-piece")!;
    expect(miner.classList.contains("sw-moved")).toBe(true);
    expect(miner.classList.contains("sw-known")).toBe(true);
    expect(square("e3").getAttribute("aria-label")).toBe("e3, Red Miner, moved, known to the opponent");
    expect(square("b9").querySelector(".sw-piece")!.classList.contains("sw-moved")).toBe(true);
    expect(square("d2").querySelector(".sw-piece")!.classList.contains("sw-moved")).toBe(false);
  });

  it("highlights the last move", () => {
    const model = mount(play);
    model.push({ last_move: { text: "e3-e4", from: "e3", to: "e4" } });
    expect(marked("sw-last")).toEqual(["e3", "e4"]);
  });

  it("updates in place: the same square elements after a new view", () => {
    const model = mount(play);
    const before = Array.from(rootElement().querySelectorAll("[data-square]"));
    const pieces: Record<string, string> = { ...playView.pieces, d3: "rX+" };
    delete pieces.d2;
    model.push({ pieces, serial: 99 });
    const after = Array.from(rootElement().querySelectorAll("[data-square]"));
    expect(after.length).toBe(before.length);
    after.forEach((cell, i) => expect(cell).toBe(before[i]));
    expect(square("d3").querySelector(".sw-piece")!.classList.contains("sw-moved")).toBe(true);
    expect(square("d2").getAttribute("aria-label")).toBe("d2, empty");
    expect(rootElement().querySelector(".sw-root")!.getAttribute("data-serial")).toBe("99");
  });

  it("the root suppresses JupyterLab shortcuts", () => {
    mount(play);
    expect(rootElement().querySelector(".sw-root")!.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
  });

  it("the hand-over view carries no rank anywhere", () => {
    mount(handover);
    const labels = Array.from(rootElement().querySelectorAll(".sw-board .sw-label"));
    expect(labels.every((label) => label.textContent === "")).toBe(true);
  });
});

describe("motion", () => {
  const moved = (model: ReturnType<typeof mount>) => {
    const pieces: Record<string, string> = { ...playView.pieces, e4: `${playView.pieces.e3}+` };
    delete pieces.e3;
    model.push({ pieces, last_move: { text: "e3-e4", from: "e3", to: "e4" }, moves: ["e3-e4"] });
  };

  it("a moved piece slides from its old square, with transforms only", () => {
    const calls: { node: Element; frames: Keyframe[] }[] = [];
    const original = HTMLElement.prototype.animate;
    HTMLElement.prototype.animate = function (this: HTMLElement, frames: Keyframe[]) {
      calls.push({ node: this, frames });
      return {} as Animation;
    } as typeof original;
    try {
      const model = mount(play);
      expect(calls.length).toBe(0); // nothing slides when the board opens
      moved(model);
      expect(calls.length).toBe(1);
      expect(calls[0].node.closest("[data-square]")!.getAttribute("data-square")).toBe("e4");
      expect(Object.keys(calls[0].frames[0])).toEqual(["transform"]);
      model.push({ message: null }); // the same move drawn again does not slide again
      expect(calls.length).toBe(1);
    } finally {
      HTMLElement.prototype.animate = original;
    }
  });

  it("nothing slides when the reader prefers reduced motion", () => {
    const calls: unknown[] = [];
    const original = HTMLElement.prototype.animate;
    const media = window.matchMedia;
    HTMLElement.prototype.animate = function () { calls.push(1); return {} as Animation; } as typeof original;
    window.matchMedia = ((query: string) => ({ matches: query.includes("reduce"), media: query,
      addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    try {
      const model = mount(play);
      moved(model);
      expect(calls.length).toBe(0);
    } finally {
      HTMLElement.prototype.animate = original;
      window.matchMedia = media;
    }
  });
});
