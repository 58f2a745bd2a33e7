// The browser acknowledges every new view it draws by setting the `seen` trait when Python asks
// for it (marimo re-runs the cells that read the board only when the browser changes a trait),
// a moment after drawing it; without the request (Jupyter), for the view a board opens on, on a
// read-only board, for a view another one followed at once, and from a second view of the same
// model nothing more is sent.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { ACK_AFTER_MS, Acknowledger } from "../../board/sync";
import { traitFits } from "../../shared/protocol";
import widget from "../../board/widget";
import type { ViewPatch } from "../../shared/types";
import { FakeModel, mount, useRoot } from "../harness";
import sequence from "../fixtures/sequence.json";

useRoot();
beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });
/** Let the acknowledgement's moment pass. */
const settle = () => vi.advanceTimersByTime(ACK_AFTER_MS + 1);

const steps = sequence.steps as unknown as { patch: ViewPatch }[];
/** The state as Python sends it in marimo, where it asks for the acknowledgement. */
const marimo = { ...sequence.start, acknowledge: true };

describe("the seen trait", () => {
  it("is a whole number the protocol lets the browser set", () => {
    expect(traitFits("seen", 12)).toBe(true);
    expect(traitFits("seen", 0)).toBe(true);
    expect(traitFits("seen", -1)).toBe(false);
    expect(traitFits("seen", 1.5)).toBe(false);
    expect(traitFits("seen", "12")).toBe(false);
    expect(traitFits("seen", true)).toBe(false);
  });

  it("the board opens without acknowledging, then sets seen to each new view's serial", () => {
    const model = mount(marimo);
    expect(model.saved).toBe(0);
    let saved = 0;
    for (const step of steps) {
      model.patch(step.patch);
      expect(model.saved).toBe(saved); // not at once: a moment after the view is drawn
      settle();
      saved += 1;
      expect(model.get("seen")).toBe(step.patch.serial);
      expect(model.saved).toBe(saved);
    }
    model.patch(steps[steps.length - 1].patch); // the same view again: nothing new drawn
    model.set("lang", "nl"); // redrawn in another language, same serial
    settle();
    expect(model.saved).toBe(saved);
  });

  it("a view that another follows at once is not acknowledged: marimo runs the cells once", () => {
    const model = mount(marimo);
    model.patch(steps[0].patch); // the user's move confirmed...
    vi.advanceTimersByTime(ACK_AFTER_MS / 2);
    model.patch(steps[1].patch); // ... and the bot's reply right after it
    settle();
    expect(model.get("seen")).toBe(steps[1].patch.serial);
    expect(model.saved).toBe(1);
  });

  it("without Python asking (Jupyter), nothing is acknowledged", () => {
    const model = mount(sequence.start);
    for (const step of steps) {
      model.patch(step.patch);
      settle();
    }
    expect(model.get("view").serial).toBe(steps[steps.length - 1].patch.serial);
    expect(model.saved).toBe(0);
    expect(model.get("seen")).toBeUndefined();
  });

  it("a read-only board never acknowledges", () => {
    const model = mount(marimo, false);
    model.patch(steps[0].patch);
    settle();
    expect(model.saved).toBe(0);
    expect(model.get("seen")).not.toBe(steps[0].patch.serial);
  });

  it("two views of one model acknowledge each serial once", () => {
    const model = new FakeModel(marimo);
    const first = document.createElement("div");
    const second = document.createElement("div");
    const cleanups = [widget.render({ model: model as never, el: first } as never),
      widget.render({ model: model as never, el: second } as never)];
    model.patch(steps[0].patch);
    settle();
    model.patch(steps[1].patch);
    settle();
    expect(model.get("seen")).toBe(steps[1].patch.serial);
    expect(model.saved).toBe(2);
    for (const cleanup of cleanups) if (typeof cleanup === "function") cleanup();
  });

  it("an older view, or a model that cannot save, is not acknowledged", () => {
    const model = new FakeModel(marimo);
    const acknowledger = new Acknowledger(model as never);
    const serial = model.get("view").serial;
    acknowledger.drawn(); // the view it opened on
    settle();
    expect(model.saved).toBe(0);
    expect(acknowledger.acknowledge(serial - 1)).toBe(false); // not the model's view
    model.set("view", { ...model.get("view"), serial: serial - 1 });
    acknowledger.drawn();
    settle();
    expect(model.saved).toBe(0);
    model.save_changes = () => { throw new Error("no kernel"); };
    model.set("view", { ...model.get("view"), serial: serial + 5 });
    expect(acknowledger.acknowledge(serial + 5)).toBe(false);
  });
});
