// What a move draws and when: the timing hook records click-to-paint; a legal move is drawn in
// one frame before Python answers; a new view writes only what changed; the bot's reply is
// drawn once the learner's move has landed.

import { describe, expect, it, vi } from "vitest";

import { SLIDE_MS } from "../../board/board";
import { ANSWER_TIMEOUT_MS, SLOW_ANSWER_MS } from "../../board/controller";
import type { View } from "../../shared/types";
import { marked, mount, rootElement, square, testid, useRoot } from "../harness";
import play from "../fixtures/play.json";

useRoot();
const playView = play.view as unknown as View;

describe("timing hook", () => {
  it("records the click, the frame that showed the move and the engine's answer", async () => {
    const afterFrame = () => new Promise((resolve) => setTimeout(resolve, 20));
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, "requestAnimationFrame").mockImplementation((fn) => {
      frames.push(fn);
      return frames.length;
    });
    try {
      window.__strategoTiming = [];
      const model = mount(play);
      square("e3").click();
      square("e4").click();
      expect(frames.length).toBe(2); // the move is drawn at once: its frame is watched
      frames[0](performance.now());
      frames[1](0);
      await afterFrame();
      model.push({ serial: playView.serial }); // not newer: nothing recorded
      expect(frames.length).toBe(2);
      model.push({ serial: playView.serial + 5 });
      expect(frames.length).toBe(3);
      frames[2](0);
      await afterFrame();
      const [entry] = window.__strategoTiming;
      expect(entry).toMatchObject({ serial: playView.serial + 5, from: "e3", to: "e4", kind: "move",
        rolledBack: false });
      expect(entry.handledAt).toBeGreaterThanOrEqual(entry.clickAt);
      expect(entry.shownAt).toBeGreaterThanOrEqual(entry.handledAt!);
      expect(entry.shownFrameAt).not.toBeNull();
      expect(entry.answeredAt).toBeGreaterThanOrEqual(entry.handledAt!);
      expect(entry.paintedAt).toBeGreaterThanOrEqual(entry.answeredAt);
      expect(entry.paintedAt).toBeGreaterThanOrEqual(entry.shownAt!);
      model.push({ serial: playView.serial + 6 }); // no click since: nothing more
      expect(frames.length).toBe(3);
    } finally {
      raf.mockRestore();
    }
  });
});

describe("one frame per click", () => {
  it("a legal plain move is drawn at once, before Python answers, touching few squares", () => {
    const model = mount(play);
    const code = playView.pieces.e3;
    square("e3").click();
    square("e4").click();
    expect(model.sent).toEqual([{ type: "move", from: "e3", to: "e4" }]);
    // Drawn already: the piece stands on e4 (marked as moved), e3 is empty, no targets left.
    expect(square("e4").querySelector(".sw-piece")!.classList.contains("sw-moved")).toBe(true);
    expect(square("e3").querySelector(".sw-piece")!.classList.contains("sw-none")).toBe(true);
    expect(marked("sw-target-move")).toEqual([]);
    expect(marked("sw-last")).toEqual(["e3", "e4"]);
    // The engine confirms: the same picture, now from the view itself.
    model.push({ pieces: { ...Object.fromEntries(Object.entries(playView.pieces).filter(([s]) => s !== "e3")),
      e4: `${code}+` }, last_move: { text: "e3-e4", from: "e3", to: "e4" }, moves: ["e3-e4"], can_act: false,
      targets: {} });
    expect(square("e4").querySelector(".sw-piece")!.classList.contains("sw-moved")).toBe(true);
    expect(square("e3").querySelector(".sw-piece")!.classList.contains("sw-none")).toBe(true);
  });

  it("the move's message leaves first, and the board draws it in the same task", () => {
    const model = mount(play);
    const seen: boolean[] = [];
    const send = model.send.bind(model);
    model.send = (message) => {
      if (message.type === "move") seen.push(!square("e4").querySelector(".sw-piece")!.classList.contains("sw-none"));
      send(message);
    };
    square("e3").click();
    square("e4").click();
    expect(seen).toEqual([false]); // the kernel starts on it while the page draws it
    expect(square("e4").querySelector(".sw-piece")!.classList.contains("sw-none")).toBe(false);
    expect(square("e3").querySelector(".sw-piece")!.classList.contains("sw-none")).toBe(true);
  });

  it("an answer that comes within the send is drawn, not the proposal", () => {
    const model = mount(play);
    const send = model.send.bind(model);
    model.send = (message) => {
      send(message);
      if (message.type === "move") model.push({ message: { level: "error", rule: "two-square", text: "Not again." } });
    };
    square("e3").click();
    square("e4").click();
    expect(square("e3").querySelector(".sw-piece")!.classList.contains("sw-none")).toBe(false);
    expect(square("e4").querySelector(".sw-piece")!.classList.contains("sw-none")).toBe(true);
  });

  it("a refused move is put back, with the explanation next to the square", () => {
    const model = mount(play);
    square("e3").click();
    square("e4").click();
    expect(square("e3").querySelector(".sw-piece")!.classList.contains("sw-none")).toBe(true);
    model.push({ message: { level: "error", rule: "two-square", text: "Not again." } });
    expect(square("e3").querySelector(".sw-piece")!.classList.contains("sw-none")).toBe(false);
    expect(square("e4").querySelector(".sw-piece")!.classList.contains("sw-none")).toBe(true);
    expect(testid("bubble").hidden).toBe(false);
    expect(testid("bubble").textContent).toBe("Not again.");
    expect(testid("bubble").dataset.square).toBe("e4");
    square("e3").click(); // the next click clears it
    expect(testid("bubble").hidden).toBe(true);
  });

  it("an error naming its square is shown by that square", () => {
    const model = mount(play);
    square("e3").click();
    square("e4").click();
    model.push({ message: { level: "error", rule: "lake", text: "Not there.", square: "e5" } });
    expect(testid("bubble").dataset.square).toBe("e5");
  });

  it("a strike shows at once that it is being resolved", () => {
    const model = mount(play);
    const [from, to] = ["e3", "e4"];
    model.push({ pieces: { ...playView.pieces, e4: "b?" }, targets: { ...playView.targets, e3: { e4: "strike" } } });
    square(from).click();
    square(to).click();
    expect(model.sent).toEqual([{ type: "move", from, to }]);
    expect(marked("sw-resolving")).toEqual([from, to].sort());
    expect(testid("turn").textContent).not.toBe("Resolving the strike…"); // the board alone
    model.push({ last_move: { text: `${from}x${to}`, from, to } });
    expect(marked("sw-resolving")).toEqual([]);
  });

  it("a strike's squares pulse only when the answer is slow, and stop with it", () => {
    vi.useFakeTimers();
    try {
      const model = mount(play);
      model.push({ pieces: { ...playView.pieces, e4: "b?" }, targets: { ...playView.targets, e3: { e4: "strike" } } });
      const root = () => rootElement().querySelector<HTMLElement>(".sw-root")!;
      square("e3").click();
      square("e4").click();
      expect(marked("sw-resolving")).toEqual(["e3", "e4"]); // ringed at once
      expect(root().classList.contains("sw-waiting")).toBe(false);
      vi.advanceTimersByTime(SLOW_ANSWER_MS);
      expect(root().classList.contains("sw-waiting")).toBe(true); // still no answer: pulse
      expect(testid("turn").textContent).toBe("Resolving the strike…");
      model.push({ last_move: { text: "e3xe4", from: "e3", to: "e4" } });
      expect(root().classList.contains("sw-waiting")).toBe(false);
      expect(testid("turn").textContent).not.toBe("Resolving the strike…");
      // An answer in time: no pulse at all.
      model.push({ targets: { ...playView.targets, e3: { e4: "strike" } }, can_act: true });
      square("e3").click();
      square("e4").click();
      model.push({ last_move: { text: "e3xe4", from: "e3", to: "e4" } });
      vi.advanceTimersByTime(SLOW_ANSWER_MS);
      expect(root().classList.contains("sw-waiting")).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("with no answer at all, the move is put back after a while", () => {
    vi.useFakeTimers();
    try {
      mount(play);
      square("e3").click();
      square("e4").click();
      expect(square("e3").querySelector(".sw-piece")!.classList.contains("sw-none")).toBe(true);
      vi.advanceTimersByTime(ANSWER_TIMEOUT_MS + 1);
      expect(square("e3").querySelector(".sw-piece")!.classList.contains("sw-none")).toBe(false);
      square("e3").click();
      expect(marked("sw-selected")).toEqual(["e3"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("no second proposal while one is unanswered", () => {
    const model = mount(play);
    square("e3").click();
    square("e4").click();
    square("g3").click();
    expect(marked("sw-selected")).toEqual([]);
    expect(model.sent.length).toBe(1);
  });

  it("a new view touches only the squares that changed", () => {
    const model = mount(play);
    const board = rootElement().querySelector(".sw-board")!;
    const observer = new MutationObserver(() => undefined);
    observer.observe(board, { subtree: true, attributes: true, childList: true, characterData: true });
    model.push({ message: { level: "info", rule: "", text: "hello" } }); // nothing on the board
    const touched = (records: MutationRecord[]) => [...new Set(records.map((record) =>
      (record.target as Element).closest?.("[data-square]")?.getAttribute("data-square")
        ?? (record.target as Node).parentElement?.closest("[data-square]")?.getAttribute("data-square")))].sort();
    expect(touched(observer.takeRecords())).toEqual([]);
    const code = playView.pieces.e3;
    const pieces: Record<string, string> = { ...playView.pieces, e4: `${code}+` };
    delete pieces.e3;
    model.push({ pieces, last_move: { text: "e3-e4", from: "e3", to: "e4" } });
    expect(touched(observer.takeRecords())).toEqual(["e3", "e4"]);
    observer.disconnect();
  });
});


describe("a new view writes only what changed", () => {
  /** What the records touched, as "element attribute" or "element children", the root's
   * serial left out (it changes with every view by design). */
  function writes(records: MutationRecord[]): string[] {
    return [...new Set(records
      .filter((record) => record.attributeName !== "data-serial")
      .map((record) => {
        const node = record.target as Element;
        const element = node.nodeType === 1 ? node : node.parentElement!;
        const name = element.getAttribute("data-testid") ?? element.getAttribute("data-square")
          ?? element.className ?? element.tagName;
        return `${name} ${record.attributeName ?? record.type}`;
      }))].sort();
  }

  it("the same view again (only its serial new) touches nothing in the widget", () => {
    const model = mount(play);
    const observer = new MutationObserver(() => undefined);
    observer.observe(rootElement(), { subtree: true, attributes: true, childList: true, characterData: true });
    model.push({});
    expect(writes(observer.takeRecords())).toEqual([]);
    observer.disconnect();
  });

  it("a move answered touches the two squares, the move list and the status, nothing else", () => {
    const model = mount(play);
    model.push({ moves: ["j7-j6"] }); // a game under way: Undo is already enabled
    const observer = new MutationObserver(() => undefined);
    observer.observe(rootElement(), { subtree: true, attributes: true, childList: true, characterData: true });
    const code = playView.pieces.e3;
    const pieces: Record<string, string> = { ...playView.pieces, e4: `${code}+` };
    delete pieces.e3;
    model.push({ pieces, last_move: { text: "e3-e4", from: "e3", to: "e4" }, moves: ["j7-j6", "e3-e4"] });
    const touched = writes(observer.takeRecords());
    expect(touched.filter((write) => /^(e3|e4) /.test(write)).length).toBeGreaterThan(0);
    const board = touched.filter((write) => /^[a-j]\d+ /.test(write)).map((write) => write.split(" ")[0]);
    expect([...new Set(board)].sort()).toEqual(["e3", "e4"]);
    // Nothing outside the board that the move does not change: no hidden or disabled state
    // written again with the value it already had.
    expect(touched.filter((write) => / (hidden|disabled)$/.test(write))).toEqual([]);
    observer.disconnect();
  });
});

describe("the bot's reply after the learner's move", () => {
  // Python confirms the learner's move in one update and sends the bot's reply in the next,
  // right after it: the reply is drawn once the learner's move has landed.
  const code = playView.pieces.e3;
  const moved: Record<string, string> = { ...Object.fromEntries(Object.entries(playView.pieces).filter(([s]) => s !== "e3")),
    e4: `${code}+` };
  const confirmed = { pieces: moved, last_move: { text: "e3-e4", from: "e3", to: "e4" },
    moves: ["e3-e4"], can_act: false, targets: {}, to_move: "blue" as const };
  const { i8: _left, ...rest } = moved;
  const replied = { pieces: { ...rest, h8: "b?+" }, last_move: { text: "i8-h8", from: "i8", to: "h8" },
    moves: ["e3-e4", "i8-h8"], can_act: true, targets: playView.targets, to_move: "red" as const };
  const has = (name: string) => !square(name).querySelector(".sw-piece")!.classList.contains("sw-none");
  const serial = () => rootElement().querySelector<HTMLElement>(".sw-root")!.dataset.serial;
  /** Run `test` on a fake clock (timers and `performance.now`). */
  const onFakeClock = (test: () => void) => () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    try {
      test();
    } finally {
      vi.useRealTimers();
    }
  };
  /** The learner plays e3-e4; Python confirms it, then sends the bot's reply at once. Returns
   * the serial the board showed after the confirmation. */
  const moveThenReply = (): string | undefined => {
    const model = mount(play);
    square("e3").click();
    square("e4").click();
    model.push(confirmed);
    const shown = serial();
    model.push(replied);
    return shown;
  };

  it("is drawn once the learner's move has slid into place", onFakeClock(() => {
    expect(moveThenReply()).toBe(String(playView.serial + 1));
    expect(has("h8")).toBe(false); // the learner's move is still landing
    expect(marked("sw-last")).toEqual(["e3", "e4"]);
    vi.advanceTimersByTime(SLIDE_MS);
    expect(has("h8")).toBe(true);
    expect(has("i8")).toBe(false);
    expect(marked("sw-last")).toEqual(["h8", "i8"]);
    expect(serial()).toBe(String(playView.serial + 2));
  }));

  it("is drawn at once when the learner clicks before it lands, and the click acts on it",
    onFakeClock(() => {
      moveThenReply();
      square("e4").click();
      expect(has("h8")).toBe(true);
      expect(marked("sw-selected")).toEqual(["e4"]);
      expect(marked("sw-target-move")).toEqual(Object.keys(playView.targets.e4 ?? {}).sort());
    }));

  it("a view that is not the answer to a move of the user's is drawn at once", () => {
    const model = mount(play);
    model.push(confirmed);
    model.push(replied);
    expect(has("h8")).toBe(true);
  });
});
