// The anywidget entry point: build the board once, then update it in place on every change of
// the synced traits. Python decides everything; this module only draws and proposes.

import { Controller } from "./controller";
import type { Model } from "./types";

const EVENTS = ["change:view", "change:rules", "change:lang", "change:numbering",
  "change:interactive"];

function render({ model, el }: { model: Model; el: HTMLElement }): () => void {
  const controller = new Controller(model);
  el.classList.add("stratego-widget");
  el.replaceChildren(controller.root);
  const update = () => controller.render();
  for (const event of EVENTS) model.on(event, update);
  update();
  return () => {
    for (const event of EVENTS) model.off(event, update);
    controller.dispose();
  };
}

export default { render };
