// The host of an offline page (stratego_widget.export): the boards of a notebook, a game or a
// widget drawn from their saved state, with no kernel, no widget manager and no network.
//
// The page holds one JSON script (`#sw-page-state`): the front-end modules by id (each
// anywidget's `_esm` text, once however many widgets use it) and every widget model's saved
// state. Each `<div class="sw-page-widget" data-model-id="…">` is a display of a model; it
// first holds the picture the notebook saved for places without widgets, which stays when the
// model has no front-end module here (an ipywidgets slider, say) or its module fails. The
// models implement the part of anywidget's front-end model API a widget uses without a kernel:
// get, set, on, off, save_changes (a no-op), send (a no-op) and widget_manager.get_model.

/** The JSON of `#sw-page-state`. */
export interface PageState {
  modules: Record<string, string>;
  models: Record<string, { module: string | null; state: Record<string, unknown> }>;
}

type Listener = (...args: unknown[]) => void;
type Cleanup = (() => void) | void;

/** An anywidget front-end module (its default export). */
export interface WidgetModule {
  initialize?(props: { model: PageModel }): Cleanup | Promise<Cleanup>;
  render?(props: { model: PageModel; el: HTMLElement }): Cleanup | Promise<Cleanup>;
}

/** Turns a module id of the page into the module's default export. */
export type Loader = (id: string) => Promise<WidgetModule>;

/** One widget's model in a page: its saved state, changed only in the browser. */
export class PageModel {
  private listeners = new Map<string, Set<Listener>>();
  readonly widget_manager: { get_model(id: string): Promise<PageModel> };

  constructor(private state: Record<string, unknown>, models: Map<string, PageModel>) {
    this.widget_manager = {
      get_model: (id: string) => {
        const model = models.get(id.replace(/^IPY_MODEL_/, ""));
        return model ? Promise.resolve(model) : Promise.reject(new Error(`no model ${id}`));
      },
    };
  }

  get(name: string): any {
    return this.state[name];
  }

  set(name: string, value: unknown): void {
    if (this.state[name] === value) return;
    this.state[name] = value;
    this.emit(`change:${name}`, value);
    this.emit("change");
  }

  /** Nothing to save to: there is no kernel. */
  save_changes(): void {}

  /** Nothing to send to: there is no kernel (a board then shows itself read-only). */
  send(_message: unknown): void {}

  on(event: string, listener: Listener): void {
    for (const name of event.split(" ")) {
      if (!this.listeners.has(name)) this.listeners.set(name, new Set());
      this.listeners.get(name)!.add(listener);
    }
  }

  off(event?: string | null, listener?: Listener | null): void {
    const names = event ? event.split(" ") : [...this.listeners.keys()];
    for (const name of names) {
      if (listener) this.listeners.get(name)?.delete(listener);
      else this.listeners.delete(name);
    }
  }

  private emit(event: string, ...args: unknown[]): void {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }
}

/** Load a module's text as an ES module from a blob URL (no network request). */
export function textLoader(modules: Record<string, string>): Loader {
  const loaded = new Map<string, Promise<WidgetModule>>();
  return (id) => {
    if (!loaded.has(id)) {
      const text = modules[id];
      if (text === undefined) return Promise.reject(new Error(`no module ${id}`));
      const url = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
      loaded.set(id, import(/* @vite-ignore */ url).then((module) => {
        const widget = module.default ?? module;
        return (typeof widget === "function" ? widget() : widget) as WidgetModule;
      }));
    }
    return loaded.get(id)!;
  };
}

/** Draw every widget display under `root` from `state`; resolves to how many were drawn. */
export async function mountPage(root: ParentNode, state: PageState,
  load: Loader = textLoader(state.modules)): Promise<number> {
  const models = new Map<string, PageModel>();
  for (const [id, saved] of Object.entries(state.models)) {
    models.set(id, new PageModel(structuredClone(saved.state), models));
  }
  const initialized = new Map<string, Promise<void>>();
  let drawn = 0;
  for (const host of Array.from(root.querySelectorAll<HTMLElement>(".sw-page-widget"))) {
    const id = host.dataset.modelId ?? "";
    const model = models.get(id);
    const module = state.models[id]?.module;
    if (!model || !module) continue; // not an anywidget: the saved picture stays
    const fallback = Array.from(host.childNodes);
    try {
      const widget = await load(module);
      if (!initialized.has(id)) {
        initialized.set(id, Promise.resolve(widget.initialize?.({ model })).then(() => undefined));
      }
      await initialized.get(id);
      if (!widget.render) continue;
      const el = document.createElement("div");
      host.replaceChildren(el);
      await widget.render({ model, el });
      host.dataset.drawn = "true";
      drawn += 1;
    } catch (error) {
      console.error(`stratego_widget page: widget ${id} not drawn`, error);
      host.replaceChildren(...fallback);
    }
  }
  return drawn;
}

/** The page's own start: read `#sw-page-state` and draw the widgets. */
export function start(doc: Document = document): Promise<number> {
  const script = doc.getElementById("sw-page-state");
  if (!script?.textContent) return Promise.resolve(0);
  const state = JSON.parse(script.textContent) as PageState;
  return mountPage(doc, state).then((count) => {
    doc.documentElement.dataset.swDrawn = String(count);
    return count;
  });
}

// A page built by stratego_widget.export starts itself; elsewhere (tests) nothing happens.
if (typeof document !== "undefined" && document.getElementById("sw-page-state")) void start();
