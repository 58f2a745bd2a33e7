// Around the board: title, language and numbering, messages with their rule, result, captured
// pieces, the move list, the replay scrubber and the game buttons.

import { describe, expect, it, vi } from "vitest";

import type { View } from "../../shared/types";
import { mount, press, rootElement, square, testid, useRoot } from "../harness";
import play from "../fixtures/play.json";
import rescue from "../fixtures/rescue.json";

useRoot();
const playView = play.view as unknown as View;

describe("header", () => {
  it("shows the ruleset and its edition, never a rulebook file name", () => {
    const model = mount(rescue);
    expect(testid("ruleset-title").textContent).toBe(rescue.rules.title);
    expect(testid("ruleset-spec").textContent).toContain("original+rescue");
    expect(testid("ruleset-spec").textContent).not.toContain(".txt");
    model.set("rules", { ...rescue.rules, edition: "original-2000", edition_title: "Stratego Original" });
    expect(testid("ruleset-spec").textContent).toBe("original+rescue · Edition: Stratego Original");
    expect(testid("ruleset-spec").getAttribute("title")).toBe("");
  });

  it("a variant of one's own leads with its name and shows what it changes on hover", () => {
    const model = mount(rescue);
    model.set("rules", { ...rescue.rules, edition_title: "Stratego Original", variant: "spy-defends",
      variant_summary: "spy-defends: a variant of Stratego Original + Rescue (original+rescue)" });
    expect(testid("ruleset-spec").textContent)
      .toBe("spy-defends · original+rescue · Edition: Stratego Original");
    expect(testid("ruleset-spec").getAttribute("title")).toContain("a variant of");
  });

  it("switching language changes piece names and words, and is saved to Python", () => {
    const model = mount(play);
    const select = testid("lang-select") as HTMLSelectElement;
    select.value = "nl";
    select.dispatchEvent(new Event("change"));
    expect(model.get("lang")).toBe("nl");
    expect(model.saved).toBe(1);
    expect(square("d1").getAttribute("aria-label")).toBe("d1, F Vlag (Rood)");
    expect(square("d2").querySelector(".sw-name")!.textContent).toBe("Verkenner");
    expect(testid("btn-resign").textContent).toBe("Opgeven");
    model.set("lang", "de");
    expect(square("g3").querySelector(".sw-name")!.textContent).toBe("Feldmarschall");
    model.set("lang", "fr");
    expect(square("e3").querySelector(".sw-name")!.textContent).toBe("Démineur");
  });

  it("the numbering switch sets the numbering trait", () => {
    const model = mount(play);
    const box = testid("numbering-toggle") as HTMLInputElement;
    expect(box.checked).toBe(true);
    box.checked = false;
    box.dispatchEvent(new Event("change"));
    expect(model.get("numbering")).toBe("marshal-low");
    expect(model.saved).toBe(1);
  });
});

describe("status", () => {
  it("shows Python's explanation of a rejected move with the rule it names", () => {
    const model = mount(play);
    expect(testid("message").closest<HTMLElement>(".sw-message-box")!.hidden).toBe(true);
    model.push({ message: { level: "error", rule: "immovable", text: "A Bomb cannot move (Original: Moving)." } });
    expect(testid("message").textContent).toBe("A Bomb cannot move (Original: Moving).");
    expect(testid("message").dataset.rule).toBe("immovable");
    expect(testid("message-rule").dataset.rule).toBe("immovable");
    expect(testid("message-rule").textContent).toBe("Which rule?Bombs and the Flag cannot move, unless a variant such as Moving Bombs or Moving Flag allows it.");
    expect(testid("live").textContent).toBe("A Bomb cannot move (Original: Moving).");
  });

  it("switching language switches the rule, the labels and the section names shown", () => {
    const model = mount(play);
    model.push({ next: null });
    model.push({ message: { level: "error", rule: "immovable", text: "A Bomb cannot move (Original: Moving)." },
      captured: { red: ["scout"], blue: [] } });
    model.set("lang", "fr");
    // Python sends its message again in the new language; everything the widget writes is French.
    expect(testid("message-rule").textContent).toMatch(/^Quelle règle\u00a0\?/);
    expect(testid("message-rule").textContent).not.toContain("immovable");
    expect(testid("captured-red-label").textContent).toBe("Rouge a perdu (1)");
    expect(testid("legend").textContent).toContain("dernier coup");
    expect(testid("turn").textContent).toBe("À vous de jouer");
    const english = ["Moves", "Captured", "Your move", "Marks", "Names on pieces", "Undo", "Resign", "lost"];
    const text = rootElement().textContent!;
    for (const words of english) expect(text).not.toContain(words);
  });

  it("the captured trays say whose pieces they hold", () => {
    const model = mount(play);
    model.push({ captured: { red: ["scout", "marshal"], blue: [] } });
    expect(testid("captured-red-label").textContent).toBe("Red lost (2)");
    expect(testid("captured-blue-label").textContent).toBe("Blue lost (0)");
  });

  it("a strike redraws only the tray that changed (a strike's frame paints no more than it must)", () => {
    const model = mount(play);
    model.push({ captured: { red: ["scout"], blue: ["miner"] } });
    const redTokens = Array.from(testid("captured-red").children);
    const blueTokens = Array.from(testid("captured-blue").children);
    model.push({ captured: { red: ["scout"], blue: ["miner", "marshal"] } });
    expect(Array.from(testid("captured-red").children)).toEqual(redTokens); // the same nodes
    expect(testid("captured-blue").children.length).toBe(2);
    expect(testid("captured-blue").children[1]).not.toBe(blueTokens[0]);
    expect(testid("captured-blue-label").textContent).toBe("Blue lost (2)");
    model.set("lang", "fr"); // a new language redraws both
    expect(testid("captured-red").children[0]).not.toBe(redTokens[0]);
  });

  it("a captured tray is a picture named by the pieces it holds", () => {
    const model = mount(play);
    model.push({ captured: { red: ["scout", "marshal"], blue: [null] } });
    for (const side of ["red", "blue"]) {
      // An aria-label is allowed on a role that takes a name, never on a plain div.
      expect(testid(`captured-${side}`).getAttribute("role")).toBe("img");
    }
    expect(testid("captured-red").getAttribute("aria-label")).toBe("Captured: Red: Marshal, Scout");
    expect(testid("captured-blue").getAttribute("aria-label"))
      .toBe("Captured: Blue: Blue piece, unknown");
    model.set("lang", "de");
    expect(testid("captured-red").getAttribute("aria-label")).toContain("Feldmarschall");
  });

  it("a legend explains the marks", () => {
    mount(play);
    const legend = testid("legend");
    for (const words of ["move here", "strike", "selected", "last move", "moved", "known to the opponent"]) {
      expect(legend.textContent).toContain(words);
    }
    expect(legend.querySelector(".sw-target-move")).not.toBeNull();
  });

  it("pieces carry their names as tooltips, and on the pieces unless switched off", () => {
    mount(play);
    expect(square("g3").title).toBe("Red Marshal");
    expect(rootElement().querySelector(".sw-root")!.classList.contains("sw-names")).toBe(true);
    const box = testid("names-toggle") as HTMLInputElement;
    box.checked = false;
    box.dispatchEvent(new Event("change"));
    expect(rootElement().querySelector(".sw-root")!.classList.contains("sw-names")).toBe(false);
  });

  it("announces the last move in the live region", () => {
    const model = mount(play);
    model.push({ last_move: { text: "e3-e4", from: "e3", to: "e4" }, moves: ["e3-e4"] });
    expect(testid("live").textContent).toBe("e3-e4");
  });

  it("shows the result in a banner", () => {
    const model = mount(play);
    expect(testid("result").hidden).toBe(true);
    model.push({ phase: "over", result: { winner: "red", reason: "flag-captured", sentence: "Red captures the Flag and wins." } });
    expect(testid("result").hidden).toBe(false);
    expect(testid("result").textContent).toBe("Red captures the Flag and wins.");
    expect(testid("live").textContent).toContain("Red captures the Flag and wins.");
    expect((testid("btn-resign") as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("the status line", () => {
  it("shows what Python says the user can do now", () => {
    const model = mount(play);
    model.push({ next: { id: "wait", text: "Blue to move: wait for Blue's move" } });
    expect(testid("turn").textContent).toBe("Blue to move: wait for Blue's move");
  });

  it("a replayed position takes the side to move from the replay", () => {
    const model = mount(play);
    model.push({ next: null, moves: ["a", "b", "c"], replay: { index: 1, length: 3, to_move: "red" } });
    expect(testid("turn").textContent).toBe("Move 1 of 3: Red to move");
  });

  it("against the bot: your move, or the bot's side to move", () => {
    const model = mount(play);
    model.push({ next: null }); // an older view: the widget says it itself
    expect(testid("turn").textContent).toBe("Your move");
    model.push({ to_move: "blue", can_act: false });
    expect(testid("turn").textContent).toBe("Blue to move");
  });

  it("the teacher's view names the side to move, never 'your move'", () => {
    const model = mount(play);
    model.push({ next: null }); // an older view: the widget says it itself
    model.push({ viewer: "both", mode: "both", to_move: "red", can_act: true });
    expect(testid("turn").textContent).toBe("Red to move");
    model.push({ to_move: "blue" });
    expect(testid("turn").textContent).toBe("Blue to move");
  });

  it("a replayed position names the side to move then", () => {
    const model = mount(play);
    model.push({ next: null }); // an older view: the widget says it itself
    model.push({ moves: ["d2-d3", "a7-a6", "e3-e4", "b7-b6"], can_act: false, to_move: "red",
      replay: { index: 3, length: 4 } });
    expect(testid("turn").textContent).toBe("Move 3 of 4: Blue to move");
    model.push({ replay: { index: 2, length: 4 } });
    expect(testid("turn").textContent).toBe("Move 2 of 4: Red to move");
    model.set("lang", "nl");
    expect(testid("turn").textContent).toBe("Zet 2 van 4: Rood aan zet");
  });

  it("hot-seat names the player", () => {
    const model = mount(play);
    model.push({ next: null }); // an older view: the widget says it itself
    model.push({ mode: "hotseat", viewer: "red", bot: false, to_move: "red", can_act: true });
    expect(testid("turn").textContent).toBe("Red: your move");
    model.push({ phase: "handover", viewer: "hidden", can_act: false });
    expect(testid("turn").textContent).toBe("Hand-over");
  });
});

describe("the game so far", () => {
  it("captured pieces per side, strongest first, unknown ones last", () => {
    const model = mount(play);
    model.push({ captured: { red: ["scout", "marshal"], blue: [null, "bomb"] } });
    const labels = (id: string) => Array.from(testid(id).querySelectorAll(".sw-piece"))
      .map((piece) => piece.querySelector(".sw-label")!.textContent);
    expect(labels("captured-red")).toEqual(["10", "2"]);
    expect(labels("captured-blue")).toEqual(["B", ""]);
    expect(testid("captured-blue").querySelectorAll(".sw-unknown").length).toBe(1);
  });

  it("the move list grows in place and marks moves after the replayed position", () => {
    const model = mount(play);
    model.push({ moves: ["d2-d3"], replay: { index: 1, length: 1 } });
    const first = testid("move-list").children[0];
    model.push({ moves: ["d2-d3", "a7-a6", "e3-e4"], replay: { index: 3, length: 3 } });
    expect(testid("move-list").children[0]).toBe(first);
    expect(Array.from(testid("move-list").children).map((li) => li.textContent)).toEqual(["d2-d3", "a7-a6", "e3-e4"]);
    model.push({ replay: { index: 1, length: 3 } });
    const future = Array.from(testid("move-list").children).map((li) => li.classList.contains("sw-future"));
    expect(future).toEqual([false, true, true]);
    expect(testid("replay-past").hidden).toBe(false);
  });

  it("the replay slider and step buttons ask Python for a position", () => {
    const model = mount(play);
    model.push({ moves: ["d2-d3", "a7-a6", "e3-e4"], replay: { index: 3, length: 3 } });
    expect((testid("replay-next") as HTMLButtonElement).disabled).toBe(true);
    const slider = testid("replay-slider") as HTMLInputElement;
    slider.value = "1";
    slider.dispatchEvent(new Event("input"));
    testid("replay-prev").click();
    testid("replay-first").click();
    model.push({ replay: { index: 1, length: 3 } });
    testid("replay-next").click();
    testid("replay-live").click();
    (testid("move-list").children[2] as HTMLElement).click();
    expect(model.sent).toEqual([
      { type: "replay", index: 1 }, { type: "replay", index: 2 }, { type: "replay", index: 0 },
      { type: "replay", index: 2 }, { type: "replay", index: 3 }, { type: "replay", index: 3 },
    ]);
  });

  it("undo (against the bot); resign and new game ask first, inside the widget", () => {
    const model = mount(play);
    const confirm = vi.fn(() => true);
    window.confirm = confirm;
    model.push({ moves: ["d2-d3"], replay: { index: 1, length: 1 } });
    expect(playView.bot).toBe(true);
    testid("btn-undo").click();
    testid("btn-resign").click();
    expect(model.sent).toEqual([{ type: "undo" }]);
    expect(testid("confirm").hidden).toBe(false);
    expect(testid("confirm").textContent).toContain("Resign this game?");
    expect(document.activeElement).toBe(testid("btn-confirm-cancel"));
    testid("btn-confirm-cancel").click();
    expect(testid("confirm").hidden).toBe(true);
    testid("btn-resign").click();
    testid("btn-confirm").click();
    testid("btn-new-game").click();
    expect(testid("confirm").textContent).toContain("Start a new game?");
    press(testid("btn-confirm"), "Escape");
    expect(testid("confirm").hidden).toBe(true);
    testid("btn-new-game").click();
    testid("btn-confirm").click();
    expect(model.sent).toEqual([{ type: "undo" }, { type: "resign" }, { type: "new_game" }]);
    expect(confirm).not.toHaveBeenCalled();
  });

  it("after the game, a new game needs no confirmation", () => {
    const model = mount(play);
    model.push({ phase: "over", result: { winner: "red", reason: "resign", sentence: "Blue resigns." } });
    testid("btn-new-game").click();
    expect(model.sent).toEqual([{ type: "new_game" }]);
  });

  it("the confirmation follows the language", () => {
    const model = mount(play);
    testid("btn-resign").click();
    model.set("lang", "de");
    expect(testid("confirm").textContent).toContain("Dieses Spiel aufgeben?");
  });

  it("no undo button in a game between two people on separate screens", () => {
    const model = mount(play);
    model.push({ bot: false, mode: "red" });
    expect(testid("btn-undo").hidden).toBe(true);
    expect(rootElement().querySelector('[data-testid="btn-new-game"]')).not.toBeNull();
  });
});
