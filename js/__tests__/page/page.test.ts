// The offline page's host: widgets drawn from saved state with no kernel, the saved picture
// kept for what it cannot draw, and the model API a widget uses.

import { afterEach, describe, expect, it } from "vitest";

import offline from "../fixtures/offline.json";
import widget from "../../board/widget";
import { mountPage, PageModel, type PageState, type WidgetModule } from "../../page/page";

function page(ids: string[]): HTMLElement {
  const root = document.createElement("main");
  for (const id of ids) {
    const host = document.createElement("div");
    host.className = "sw-page-widget";
    host.dataset.modelId = id;
    host.innerHTML = `<img alt="saved picture of ${id}">`;
    root.append(host);
  }
  document.body.append(root);
  return root;
}

const board = { module: "m0", state: { ...structuredClone(offline), interactive: false } };
const slider = { module: null, state: { value: 3 } };

afterEach(() => document.body.replaceChildren());

describe("mountPage", () => {
  it("draws the boards and keeps the saved picture of other widgets", async () => {
    const root = page(["board", "slider", "unknown"]);
    const state: PageState = { modules: { m0: "" }, models: { board, slider } };
    const loaded: string[] = [];
    const drawn = await mountPage(root, state, async (id) => {
      loaded.push(id);
      return widget as unknown as WidgetModule;
    });
    expect(drawn).toBe(1);
    expect(loaded).toEqual(["m0"]);
    const [first, second, third] = Array.from(root.children) as HTMLElement[];
    expect(first.querySelectorAll("[data-square]").length).toBe(100);
    expect(first.querySelector("img")).toBeNull();
    expect(first.dataset.drawn).toBe("true");
    expect(second.querySelector("img")?.alt).toBe("saved picture of slider");
    expect(third.querySelector("img")?.alt).toBe("saved picture of unknown");
  });

  it("puts the saved picture back when a module fails", async () => {
    const root = page(["board"]);
    const broken: WidgetModule = { render() { throw new Error("broken"); } };
    const errors = console.error;
    console.error = () => {};
    try {
      const drawn = await mountPage(root, { modules: {}, models: { board } }, async () => broken);
      expect(drawn).toBe(0);
    } finally {
      console.error = errors;
    }
    expect(root.querySelector("img")?.alt).toBe("saved picture of board");
  });

  it("initializes a model once however many times it is displayed", async () => {
    const root = page(["board", "board"]);
    let initialized = 0;
    let rendered = 0;
    const counting: WidgetModule = {
      initialize() { initialized += 1; },
      render({ el }) { rendered += 1; el.textContent = "drawn"; },
    };
    await mountPage(root, { modules: {}, models: { board } }, async () => counting);
    expect([initialized, rendered]).toEqual([1, 2]);
  });
});

describe("PageModel", () => {
  it("keeps state in the browser and tells listeners", async () => {
    const models = new Map<string, PageModel>();
    const model = new PageModel({ value: 1 }, models);
    models.set("abc", model);
    const seen: unknown[] = [];
    const listener = (value: unknown) => seen.push(value);
    model.on("change:value", listener);
    model.set("value", 2);
    model.set("value", 2); // no change, no event
    model.off("change:value", listener);
    model.set("value", 3);
    expect(seen).toEqual([2]);
    expect(model.get("value")).toBe(3);
    model.send({ type: "hello" });
    model.save_changes();
    expect(await model.widget_manager.get_model("IPY_MODEL_abc")).toBe(model);
    await expect(model.widget_manager.get_model("nope")).rejects.toThrow();
  });
});
