// The anywidget entry point: build the board once, then update it in place on every change of
// the synced traits. Python decides everything; this module only draws and proposes.

import type { AnyWidget, RenderProps } from "@anywidget/types";

import { Controller } from "./controller";
import { Acknowledger } from "./sync";
import type { Traits } from "../shared/types";

const EVENTS = ["change:view", "change:view_patch", "change:rules", "change:lang",
  "change:numbering", "change:interactive"];

/** How long to wait for the kernel's answer before saying the board is read-only. */
export const ALIVE_TIMEOUT_MS = 2000;

function render({ model, el }: Pick<RenderProps<Traits>, "model" | "el">): () => void {
  const controller = new Controller(model);
  el.classList.add("stratego-widget");
  el.replaceChildren(controller.root);
  const acknowledger = new Acknowledger(model);
  controller.afterDraw = () => acknowledger.drawn();
  const update = () => controller.render();
  for (const event of EVENTS) model.on(event, update);
  // Saved widget state (a notebook opened without a kernel, an HTML export) has no kernel to
  // answer: ask once, and show the board read-only if nobody replies.
  const onCustom = (message: unknown) => {
    if ((message as { type?: string })?.type === "alive") {
      clearTimeout(timer);
      controller.setAlive(true);
    }
  };
  model.on("msg:custom", onCustom);
  const timer = setTimeout(() => controller.setAlive(false), ALIVE_TIMEOUT_MS);
  try {
    model.send({ type: "hello" });
  } catch {
    controller.setAlive(false);
  }
  update();
  return () => {
    clearTimeout(timer);
    for (const event of EVENTS) model.off(event, update);
    model.off("msg:custom", onCustom);
    acknowledger.dispose();
    controller.dispose();
  };
}

export default { render } satisfies AnyWidget<Traits>;
