// The front end's layering, read from the import statements of every .ts file under js/:
// shared/ (the protocol's types, i18n, dom helpers) sits on generated/ (written by
// js/make_types.py); board/ (the board widget) uses shared/ only; lesson/ and editor/ use
// board/ and shared/ but not each other; page/ (an offline page's host) uses shared/ only; the
// tests may use any folder. No module imports itself round a cycle, and no module written by
// hand is longer than 500 lines (the generated types are checked by tests/widget/test_js_types.py).

import { describe, expect, it } from "vitest";

/** Each folder of js/ and the folders its modules may import (besides their own). */
const LAYERS: Record<string, string[]> = {
  generated: [],
  shared: ["generated"],
  board: ["shared"],
  lesson: ["board", "shared"],
  editor: ["board", "shared"],
  page: ["shared"],
  __tests__: ["generated", "shared", "board", "lesson", "editor", "page"],
};
const MAX_LINES = 500;

/** Every .ts file under js/, by its path from js/ ("board/board.ts"), with its text (Vite's glob
 * leaves out this file, which imports nothing of js/). */
const SOURCES: Record<string, string> = Object.fromEntries(
  Object.entries(import.meta.glob<string>("../**/*.ts", { query: "?raw", import: "default", eager: true }))
    .map(([path, text]) => [join("__tests__", path), text]));

/** `relative` resolved from the folder `from` (both from js/); null when it leaves js/. */
function join(from: string, relative: string): string | null {
  const parts = from.split("/").filter(Boolean);
  for (const part of relative.split("/")) {
    if (part === "..") {
      if (!parts.length) return null;
      parts.pop();
    } else if (part !== ".") {
      parts.push(part);
    }
  }
  return parts.join("/");
}

const STATEMENT = /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']/gm;

/** The specifiers a module's text imports (static, re-exported, side-effect and dynamic). */
export function importsOf(text: string): string[] {
  return [...text.matchAll(STATEMENT)].map((match) => match[1] ?? match[2] ?? match[3]);
}

/** The file under js/ a relative specifier of `file` names ("?raw" and the extension resolved),
 * or null when it leaves js/. */
function target(file: string, specifier: string): string | null {
  const path = join(file.split("/").slice(0, -1).join("/"), specifier.split("?")[0]);
  if (path === null) return null;
  return path in SOURCES || !(`${path}.ts` in SOURCES) ? path : `${path}.ts`;
}

/** The folder of js/ a file belongs to ("board" for "board/board.ts", "" at js/'s root). */
function layer(file: string): string {
  return file.includes("/") ? file.split("/")[0] : "";
}

/** For each module, the modules under js/ it imports. */
function graph(): Map<string, string[]> {
  return new Map(Object.entries(SOURCES).map(([file, text]) => [file, importsOf(text)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => target(file, specifier))
    .filter((path): path is string => path !== null)]));
}

/** Each import that breaks the layering, as "file -> imported". */
export function layerBreaks(modules: Map<string, string[]>): string[] {
  return [...modules].flatMap(([file, imported]) => imported
    .filter((path) => layer(path) !== layer(file) && !(LAYERS[layer(file)] ?? []).includes(layer(path)))
    .map((path) => `${file} -> ${path}`));
}

/** A cycle of imports among `modules` (its files, the first again at the end), or null. */
export function cycleIn(modules: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (path.includes(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return null;
    path.push(file);
    for (const next of modules.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(file);
    return null;
  };
  for (const file of modules.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe("the front end's layers", () => {
  it("reads every module, in the folders of js/", () => {
    for (const file of ["shared/dom.ts", "board/board.ts", "lesson/lesson.ts", "editor/editor.ts",
      "page/page.ts", "generated/types.ts", "__tests__/harness.ts"]) {
      expect(SOURCES).toHaveProperty([file]);
    }
    expect(Object.keys(SOURCES).filter((file) => !(layer(file) in LAYERS))).toEqual([]);
  });

  it("finds the imports of a module, however they are written", () => {
    const text = [
      'import { a, b } from "./one";', 'import type {', '  C,', '} from "../shared/two";',
      'export { d } from "./three";', 'import "./four";', 'const e = import("./five");',
      'import css from "../board/widget.css?raw";', '// a comment that says "x" comes from "y"',
    ].join("\n");
    expect(importsOf(text)).toEqual(["./one", "../shared/two", "./three", "./four", "./five", "../board/widget.css?raw"]);
  });

  it("each folder imports only the folders below it", () => {
    expect(layerBreaks(graph())).toEqual([]);
  });

  it("tells an import that breaks the layering", () => {
    const modules = new Map([["shared/dom.ts", ["board/board.ts"]], ["lesson/lesson.ts", ["editor/state.ts"]],
      ["editor/editor.ts", ["board/board.ts", "shared/dom.ts", "editor/state.ts"]]]);
    expect(layerBreaks(modules)).toEqual(["shared/dom.ts -> board/board.ts", "lesson/lesson.ts -> editor/state.ts"]);
  });

  it("no module imports itself round a cycle", () => {
    expect(cycleIn(graph())).toBeNull();
    expect(cycleIn(new Map([["a.ts", ["b.ts"]], ["b.ts", ["c.ts"]], ["c.ts", ["a.ts"]]])))
      .toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
  });

  it(`no module written by hand is longer than ${MAX_LINES} lines`, () => {
    const long = Object.entries(SOURCES)
      .filter(([file, text]) => layer(file) !== "generated" && text.split("\n").length - 1 > MAX_LINES)
      .map(([file, text]) => `${file}: ${text.split("\n").length - 1} lines`);
    expect(long).toEqual([]);
  });
});
