// The entry point: read-only saved state, the hello/alive handshake, and clean-up.

import { describe, expect, it, vi } from "vitest";

import { ALIVE_TIMEOUT_MS } from "../../board/widget";
import { FakeModel, mount, rootElement, square, testid, unmount, useRoot } from "../harness";
import play from "../fixtures/play.json";
import setup from "../fixtures/setup.json";

useRoot();

describe("read-only", () => {
  it("a saved board says so and sends nothing", () => {
    const model = mount(play, false);
    expect(testid("readonly-badge").hidden).toBe(false);
    expect(testid("readonly-badge").textContent).toBe("read-only");
    square("e3").click();
    square("e4").click();
    testid("btn-resign").click();
    const select = testid("lang-select") as HTMLSelectElement;
    select.value = "nl";
    select.dispatchEvent(new Event("change"));
    expect(model.sent).toEqual([]);
    expect(model.saved).toBe(0);
    expect(rootElement().querySelectorAll("[data-square].sw-selected").length).toBe(0);
  });

  it("a saved setup sends nothing either", () => {
    const model = mount(setup, false);
    testid("tray-flag").click();
    square("a1").click();
    testid("btn-random-setup").click();
    expect(model.sent).toEqual([]);
  });

  it("with no kernel answering (saved state), the board turns read-only", () => {
    vi.useFakeTimers();
    try {
      const model = mount(play, true, false);
      expect(model.hellos).toBe(1);
      expect(testid("readonly-badge").hidden).toBe(true);
      vi.advanceTimersByTime(ALIVE_TIMEOUT_MS + 10);
      expect(testid("readonly-badge").hidden).toBe(false);
      square("e3").click();
      square("e4").click();
      expect(model.sent).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("with a kernel answering, the board stays live after the timeout", () => {
    vi.useFakeTimers();
    try {
      const model = mount(play);
      vi.advanceTimersByTime(ALIVE_TIMEOUT_MS + 10);
      expect(testid("readonly-badge").hidden).toBe(true);
      square("e3").click();
      square("e4").click();
      expect(model.sent).toEqual([{ type: "move", from: "e3", to: "e4" }]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("life cycle", () => {
  it("the clean-up removes every listener it added to the model", () => {
    const model: FakeModel = mount(play);
    expect(model.listenerCount).toBeGreaterThan(0);
    unmount();
    expect(model.listenerCount).toBe(0);
  });

  it("the root carries the view's serial and phase", () => {
    const model = mount(play);
    const root = rootElement().querySelector<HTMLElement>(".sw-root")!;
    expect(root.dataset.serial).toBe(String(play.view.serial));
    model.push({ serial: 40 });
    expect(root.dataset.serial).toBe("40");
    expect(root.dataset.phase).toBe("play");
  });
});
