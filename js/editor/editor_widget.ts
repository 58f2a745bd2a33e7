// The anywidget entry point of the lesson editor (stratego_widget.lessons.LessonEditor): the
// editor's panel (./editor) drawn from the synced `editor` trait, redrawn in place whenever
// Python sends a new state or the language (the synced `lang`) changes.

import type { AnyWidget, RenderProps } from "@anywidget/types";

import { EditorView, type EditorModel, type EditorState } from "./editor";

/** The editor widget's synced traits. */
export interface EditorTraits { editor: EditorState; lang: string }

function render({ model, el }: Pick<RenderProps<EditorTraits>, "model" | "el">): () => void {
  const view = new EditorView(model as unknown as EditorModel);
  el.classList.add("sw-editor-widget");
  el.replaceChildren(view.element);
  const update = () => view.render();
  model.on("change:editor", update);
  model.on("change:lang", update);
  update();
  return () => {
    model.off("change:editor", update);
    model.off("change:lang", update);
  };
}

export default { render } satisfies AnyWidget<EditorTraits>;
