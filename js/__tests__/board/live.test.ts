// The live region tells screen readers what the current view says; after an Undo it must not
// keep the sentence of the move that was taken back.

import { describe, expect, it } from "vitest";

import type { View } from "../../shared/types";
import { mount, testid, useRoot, type FakeModel } from "../harness";
import play from "../fixtures/play.json";
import sequence from "../fixtures/sequence.json";

useRoot();
const playView = play.view as unknown as View;
const live = () => testid("live").textContent ?? "";

const strike = "Miner strikes Scout: the Scout is removed.";
const battle = { attacker: { square: "e3", owner: "red" as const, kind: "miner" },
  defender: { square: "e4", owner: "blue" as const, kind: "scout" }, outcome: "attacker", sentence: strike };

/** The learner's strike and the bot's reply, as Python sends them. */
function strikeAndReply(model: FakeModel): void {
  model.push({ moves: ["e3xe4", "i7-i6"], last_move: { text: "i7-i6", from: "i7", to: "i6" },
    battle, battles: [{ ...battle, ply: 1 }] });
}

describe("the live region", () => {
  it("tells the battles since the learner's last move", () => {
    const model = mount(play);
    strikeAndReply(model);
    expect(live()).toBe(strike);
  });

  it("after Undo no longer holds the undone move's sentence, but what the new view says", () => {
    const model = mount(play);
    strikeAndReply(model);
    // Undo against the bot: back to the learner's turn, before the strike.
    model.push({ moves: [], last_move: null, battle: null, battles: [], next: playView.next });
    expect(live()).not.toContain(strike);
    expect(live()).toBe(playView.next!.text);
  });

  it("after an Undo that leaves earlier moves, says what to do now, not an old move", () => {
    const model = mount(play);
    const earlier = { text: "i7-i6", from: "i7", to: "i6" };
    model.push({ moves: ["e3-e4", "i7-i6", "e4xe5", "i6-i5"], last_move: { text: "i6-i5", from: "i6", to: "i5" },
      battle, battles: [{ ...battle, ply: 3 }] });
    expect(live()).toBe(strike);
    model.push({ moves: ["e3-e4", "i7-i6"], last_move: earlier, battle: null, battles: [] });
    expect(live()).toBe(playView.next!.text);
  });

  it("follows Python's own patches through an undo (hot-seat)", () => {
    const model = mount(sequence.start);
    let undone = false;
    for (const step of sequence.steps) {
      const before = (model.get("view") as View).moves.length;
      model.patch(step.patch);
      const view = model.get("view") as View;
      if (view.moves.length < before && !undone) {
        undone = true;
        expect(live()).toBe(view.next!.text);
        for (const old of sequence.steps.flatMap((s) => (s.view.battles ?? []) as { sentence: string }[])) {
          expect(live()).not.toContain(old.sentence);
        }
      }
    }
    expect(undone).toBe(true);
  });

  it("says the same error again when it comes again", () => {
    const model = mount(play);
    model.push({ message: { level: "error", rule: "lake", text: "Not there." } });
    expect(live()).toBe("Not there.");
    model.push({ message: null });
    model.push({ message: { level: "error", rule: "lake", text: "Not there." } });
    expect(live()).toBe("Not there.");
  });
});
