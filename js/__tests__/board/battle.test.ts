// A strike shows both pieces as revealed and Python's sentence for a moment, without blocking.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { BATTLE_MS } from "../../board/battle";
import type { View } from "../../shared/types";
import { mount, square, testid, useRoot } from "../harness";
import play from "../fixtures/play.json";

useRoot();
beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

const strike: View["battle"] = {
  attacker: { square: "e3", owner: "red", kind: "miner" },
  defender: { square: "e4", owner: "blue", kind: null },
  outcome: "defender",
  sentence: "Miner strikes a hidden piece: the Miner is removed.",
};

describe("battle", () => {
  it("shows attacker and defender as revealed, then goes away", () => {
    const model = mount(play);
    expect(testid("battle").hidden).toBe(true);
    model.push({ battle: strike, moves: ["e3xe4"] });
    const battle = testid("battle");
    expect(battle.hidden).toBe(false);
    expect(battle.textContent).toContain(strike!.sentence);
    expect(testid("battle-attacker").querySelector(".sw-label")!.textContent).toBe("3");
    expect(testid("battle-attacker").querySelector(".sw-red")).not.toBeNull();
    const defender = testid("battle-defender").querySelector(".sw-piece")!;
    expect(defender.classList.contains("sw-unknown")).toBe(true);
    expect(defender.querySelector(".sw-label")!.textContent).toBe("");
    expect(testid("live").textContent).toBe(strike!.sentence);
    vi.advanceTimersByTime(BATTLE_MS + 1);
    expect(battle.hidden).toBe(true);
  });

  it("does not block the board while shown", () => {
    const model = mount(play);
    model.push({ battle: strike, moves: ["e3xe4"] });
    square("g3").click();
    square("g4").click();
    expect(model.sent).toEqual([{ type: "move", from: "g3", to: "g4" }]);
  });

  it("the same battle redrawn (another language) is not shown again", () => {
    const model = mount(play);
    model.push({ battle: strike, moves: ["e3xe4"] });
    vi.advanceTimersByTime(BATTLE_MS + 1);
    model.push({ battle: { ...strike!, sentence: "Mineur valt een verborgen stuk aan." } });
    expect(testid("battle").hidden).toBe(true);
  });

  it("shows every strike since the viewer's last move, one after the other", () => {
    const model = mount(play);
    const answer = { attacker: { square: "b7", owner: "blue" as const, kind: "marshal" },
      defender: { square: "b6", owner: "red" as const, kind: "scout" }, outcome: "attacker",
      sentence: "Marshal strikes Scout: the Scout is removed.", ply: 2 };
    model.push({ battles: [{ ...strike!, ply: 1 }, answer], battle: answer, moves: ["e3xe4", "b7xb6"] });
    const battle = testid("battle");
    expect(battle.textContent).toContain(strike!.sentence);
    expect(testid("live").textContent).toBe(`${strike!.sentence} ${answer.sentence}`);
    vi.advanceTimersByTime(BATTLE_MS + 1);
    expect(battle.hidden).toBe(false);
    expect(battle.textContent).toContain(answer.sentence);
    expect(testid("battle-attacker").querySelector(".sw-label")!.textContent).toBe("10");
    vi.advanceTimersByTime(BATTLE_MS + 1);
    expect(battle.hidden).toBe(true);
    model.push({ moves: ["e3xe4", "b7xb6"] }); // the same battles again: not shown again
    expect(battle.hidden).toBe(true);
  });

  it("the pop-up sits on the other half of the board from the strike", () => {
    const model = mount(play);
    model.push({ battle: strike, moves: ["e3xe4"] }); // ranks 3 and 4, Red at the bottom
    expect(testid("battle").dataset.where).toBe("top");
    vi.advanceTimersByTime(BATTLE_MS + 1);
    const high = { ...strike!, attacker: { ...strike!.attacker, square: "e9" },
      defender: { ...strike!.defender, square: "e10" } };
    model.push({ battle: high, moves: ["e3xe4", "x", "e9xe10"] }); // ranks 9 and 10
    expect(testid("battle").dataset.where).toBe("bottom");
  });
});
