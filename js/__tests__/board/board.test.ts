// The board as drawn from a view: squares, lakes, hidden ranks, orientation, labels, marks,
// coordinates, and updates in place.

import { describe, expect, it } from "vitest";

import type { Rules, View } from "../../shared/types";
import css from "../../board/widget.css?raw";
import { marked, mount, rootElement, square, useRoot } from "../harness";
import handover from "../fixtures/handover.json";
import play from "../fixtures/play.json";
import spot from "../fixtures/spot.json";

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
    // The name says the rank label the token shows ("F"), as well as the piece (WCAG 2.5.3).
    expect(square("d1").getAttribute("aria-label")).toBe("d1, Red F Flag");
    expect(square("d1").title).toBe("Red Flag");
  });

  it("a square's accessible name holds the words its token shows, label and name apart", () => {
    mount(play);
    for (const [name, code] of Object.entries(playView.pieces)) {
      if (code[1] === "?") continue;
      const cell = square(name);
      const label = cell.querySelector(".sw-label")!.textContent!;
      const shown = cell.querySelector(".sw-piece")!.textContent!.trim();
      // Two words ("10 Marshal"), in that order, in the name.
      expect(shown.split(" ")).toEqual([label, cell.querySelector(".sw-name")!.textContent]);
      expect(cell.getAttribute("aria-label")).toContain(`, Red ${shown}`);
    }
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
    expect(square("e3").getAttribute("aria-label")).toBe("e3, Red 3 Miner, moved, known to the opponent");
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

  it("a name's length sets its size, and a long name is marked to show on wide boards only", () => {
    const model = mount(play);
    model.set("lang", "de");
    const marshal = square("g3").querySelector<HTMLElement>(".sw-name")!;
    expect(marshal.textContent).toBe("Feldmarschall");
    expect(marshal.style.getPropertyValue("--sw-chars")).toBe("13");
    expect(marshal.classList.contains("sw-long")).toBe(true);
    model.set("lang", "en");
    expect(marshal.textContent).toBe("Marshal");
    expect(marshal.style.getPropertyValue("--sw-chars")).toBe("7");
    expect(marshal.classList.contains("sw-long")).toBe(false);
  });

  it("a name carries its length for the stylesheet, which hides it where it cannot be 10 px", () => {
    const model = mount(play);
    const marshal = square("g3").querySelector<HTMLElement>(".sw-name")!;
    expect(marshal.dataset.chars).toBe("7");
    model.set("lang", "de");
    expect(marshal.dataset.chars).toBe("13");
    expect(square("a5").querySelector<HTMLElement>(".sw-name")!.dataset.chars).toBe("0");
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

  /** A strike e3xe4 on a Blue piece that `winner` won ("red": the Miner took e4; "blue": the
   * defender stayed on e4). */
  const struck = (model: ReturnType<typeof mount>, winner: "red" | "blue") => {
    const pieces: Record<string, string> = { ...playView.pieces, e4: winner === "red" ? "rN+" : "bS+!" };
    delete pieces.e3;
    const battle = { attacker: { square: "e3", owner: "red", kind: "miner" },
      defender: { square: "e4", owner: "blue", kind: "sergeant" },
      outcome: winner === "red" ? "attacker" : "defender", sentence: "" };
    model.push({ pieces, last_move: { text: "e3xe4", from: "e3", to: "e4" }, moves: ["e3xe4"],
      battle, battles: [{ ...battle, ply: 1 }] } as unknown as Partial<View>);
  };

  /** Run `body` with `Element.animate` recorded: each call's element, keyframes and the
   * animation handed back (whose `onfinish` the test may call). */
  const withSlides = (body: (calls: { node: Element; frames: Keyframe[]; motion: Animation }[]) => void) => {
    const calls: { node: Element; frames: Keyframe[]; motion: Animation }[] = [];
    const original = HTMLElement.prototype.animate;
    HTMLElement.prototype.animate = function (this: HTMLElement, frames: Keyframe[]) {
      const motion = { onfinish: null, oncancel: null } as unknown as Animation;
      calls.push({ node: this, frames, motion });
      return motion;
    } as typeof original;
    try {
      body(calls);
    } finally {
      HTMLElement.prototype.animate = original;
    }
  };

  it("a moved piece slides from its old square, with transforms only", () => {
    withSlides((calls) => {
      const model = mount(play);
      expect(calls.length).toBe(0); // nothing slides when the board opens
      moved(model);
      expect(calls.length).toBe(1);
      expect(calls[0].node.closest("[data-square]")!.getAttribute("data-square")).toBe("e4");
      expect(Object.keys(calls[0].frames[0])).toEqual(["transform"]);
      model.push({ message: null }); // the same move drawn again does not slide again
      expect(calls.length).toBe(1);
    });
  });

  it("a sliding piece passes over the other squares until it lands", () => {
    withSlides((calls) => {
      const model = mount(play);
      moved(model);
      expect(marked("sw-sliding")).toEqual(["e4"]);
      calls[0].motion.onfinish!.call(calls[0].motion, new Event("finish") as AnimationPlaybackEvent);
      expect(marked("sw-sliding")).toEqual([]);
    });
  });

  it("a strike's winner slides in; a defender that won stays where it was", () => {
    withSlides((calls) => {
      struck(mount(play), "red");
      expect(calls.length).toBe(1);
      expect(calls[0].node.closest("[data-square]")!.getAttribute("data-square")).toBe("e4");
    });
    withSlides((calls) => {
      struck(mount(play), "blue");
      expect(calls.length).toBe(0);
      expect(marked("sw-sliding")).toEqual([]);
    });
  });

  it("nothing slides when the reader prefers reduced motion", () => {
    const media = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: query.includes("reduce"), media: query,
      addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    try {
      withSlides((calls) => {
        moved(mount(play));
        expect(calls.length).toBe(0);
      });
    } finally {
      window.matchMedia = media;
    }
  });
});

describe("what a move costs the page", () => {
  /** The declarations of the first rule whose selector is exactly `selector`. */
  const rule = (selector: string) => {
    const at = css.search(new RegExp(`(^|\\n)${selector.replace(".", "\\.")} \\{`));
    expect(at).toBeGreaterThanOrEqual(0);
    return css.slice(at, css.indexOf("}", at));
  };

  it("the board sits in a plain block, so that a move lays out the board alone", () => {
    // Chromium lays out a grid or flex item with its container: a board that was the frame's
    // grid item had every move lay out the whole notebook.
    mount(play);
    const board = rootElement().querySelector(".sw-board")!;
    const box = board.parentElement!;
    expect(box.classList.contains("sw-board-box")).toBe(true);
    expect(box.parentElement!.classList.contains("sw-frame")).toBe(true);
    expect(rule(".sw-board-box")).toMatch(/display: block;/);
    expect(rule(".sw-board")).toMatch(/contain: strict;/);
    expect(rule(".sw-board")).toMatch(/width: 100%;/);
  });

  it("the strike's pop-up has a crisp ring, not a blurred shadow", () => {
    const shadow = /box-shadow: ([^;]+);/.exec(rule(".sw-battle"))![1];
    // "x y blur spread colour": a blur of zero.
    expect(shadow).toMatch(/^0 0 0 \d+px /);
  });
});
