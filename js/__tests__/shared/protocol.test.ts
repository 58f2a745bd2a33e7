// Every message the board sends fits the one typed description of the protocol
// (stratego_widget/widget/protocol.json), which Python validates against too.

import { describe, expect, it } from "vitest";

import { checkMessage, GENERATED_MESSAGES_CURRENT, traitFits } from "../../shared/protocol";
import type { BoardMessage, LessonMessage, Message, Rules } from "../../shared/types";
import { choose, drag, mount, square, testid, useRoot } from "../harness";
import play from "../fixtures/play.json";
import rescue from "../fixtures/rescue.json";
import setup from "../fixtures/setup.json";
import spot from "../fixtures/spot.json";

useRoot();
const rules = play.rules as unknown as Rules;

describe("the protocol file", () => {
  it("types every message: a wrong field or value does not type-check (tsc)", () => {
    const good: Message[] = [{ type: "move", from: "e3", to: "e4" }, { type: "rescue", kind: null },
      { type: "lesson_goto", step: 2 }];
    // @ts-expect-error: a move has no field "square"
    const extra: BoardMessage = { type: "move", from: "e3", square: "e4" };
    // @ts-expect-error: a replay index is a number
    const text: BoardMessage = { type: "replay", index: "3" };
    // @ts-expect-error: a lesson message is not a message of a plain board
    const lesson: BoardMessage = { type: "lesson_hint" } satisfies LessonMessage;
    for (const message of good) expect(checkMessage(message, rules, true)).toBeNull();
    expect(checkMessage(extra)).toBe("protocol-field");
    expect(checkMessage(text)).toBe("protocol-value");
    expect(checkMessage(lesson)).toBe("protocol-type");
    expect(GENERATED_MESSAGES_CURRENT).toEqual([true, true]);
  });

  it("accepts what the protocol lists", () => {
    expect(checkMessage({ type: "move", from: "e3", to: "e4" }, rules)).toBeNull();
    expect(checkMessage({ type: "rescue", kind: null }, rules)).toBeNull();
    expect(checkMessage({ type: "replay", index: 3 })).toBeNull();
    expect(checkMessage({ type: "ready" })).toBeNull();
  });

  it("names the rule a wrong message breaks", () => {
    expect(checkMessage(null)).toBe("protocol-message");
    expect(checkMessage({ type: [] })).toBe("protocol-message");
    expect(checkMessage({ type: "teleport" })).toBe("protocol-type");
    expect(checkMessage({ type: "toString" })).toBe("protocol-type");
    expect(checkMessage({ type: "move", from: "e3" })).toBe("protocol-field");
    expect(checkMessage({ type: "ready", extra: 1 })).toBe("protocol-field");
    expect(checkMessage({ type: "move", from: "e3", to: 5 })).toBe("protocol-value");
    expect(checkMessage({ type: "move", from: "e3", to: "z99" }, rules)).toBe("protocol-value");
    expect(checkMessage({ type: "replay", index: -1 })).toBe("protocol-value");
    expect(checkMessage({ type: "place", kind: "dragon", square: "a1" }, rules)).toBe("protocol-value");
  });

  it("knows which traits the browser may set, and to what", () => {
    expect(traitFits("lang", "fr")).toBe(true);
    expect(traitFits("lang", "xx")).toBe(false);
    expect(traitFits("lang", 5)).toBe(false);
    expect(traitFits("view", {})).toBe(false);
  });
});

describe("what the board sends", () => {
  it("every gesture's message fits the protocol", () => {
    const sent: Record<string, unknown>[] = [];
    let model = mount(setup);
    testid("tray-flag").click();
    square("a1").click();
    testid("btn-random-setup").click();
    testid("btn-clear-setup").click();
    drag("a1", "b1");
    sent.push(...model.sent);
    model = mount(play);
    square("e3").click();
    square("e4").click();
    testid("btn-resign").click();
    testid("btn-confirm").click();
    sent.push(...model.sent);
    model = mount(rescue);
    choose("rescue-dialog", "general");
    square("c3").click();
    sent.push(...model.sent);
    model = mount(spot);
    square("e2").click();
    square("e3").click();
    choose("spot-dialog", "miner");
    sent.push(...model.sent);
    expect(new Set(sent.map((message) => message.type))).toEqual(
      new Set(["place", "random_setup", "clear_setup", "move", "resign", "rescue", "spot"]));
    for (const message of sent) expect(checkMessage(message), JSON.stringify(message)).toBeNull();
  });

  it("a message that does not fit is not sent, and the language must be one of four", () => {
    const model = mount(play);
    const select = testid("lang-select") as HTMLSelectElement;
    const option = document.createElement("option");
    option.value = "xx";
    select.append(option);
    select.value = "xx";
    select.dispatchEvent(new Event("change"));
    expect(model.get("lang")).toBe("en");
    expect(model.saved).toBe(0);
  });
});
