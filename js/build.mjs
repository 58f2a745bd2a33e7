// Bundle the front end into the Python package: stratego_widget/static/widget.{js,css}, and the
// lesson board's stratego_widget/static/lesson_widget.{js,css}, and the offline page's host,
// stratego_widget/static/page.js.
import * as esbuild from "esbuild";

// `node js/build.mjs --watch` (make watch) rebuilds each bundle on every save instead of once.
const watch = process.argv.includes("--watch");
async function bundle(options) {
  if (!watch) return esbuild.build(options);
  const context = await esbuild.context({ ...options, logLevel: "info" });  // say each rebuild
  await context.watch();
}

await bundle({
  entryPoints: ["js/board/widget.ts"],
  bundle: true,
  format: "esm",
  minify: true,
  target: ["es2020"],
  // Inside pages that use requirejs (HTML exports, classic Notebook), bundled UMD code would
  // otherwise register itself as an AMD module and never run.
  define: { "define.amd": "false" },
  outfile: "stratego_widget/static/widget.js",
  logLevel: "warning",
});
await bundle({
  entryPoints: ["js/board/widget.css"],
  bundle: true,
  minify: true,
  outfile: "stratego_widget/static/widget.css",
  logLevel: "warning",
});
// The lesson board (stratego_widget.lessons.LessonWidget): the board with the lesson panel.
await bundle({
  entryPoints: ["js/lesson/lesson_widget.ts"],
  bundle: true,
  format: "esm",
  minify: true,
  target: ["es2020"],
  define: { "define.amd": "false" },
  outfile: "stratego_widget/static/lesson_widget.js",
  logLevel: "warning",
});
// The host of offline pages (stratego_widget.export): one plain script, no module loader.
await bundle({
  entryPoints: ["js/page/page.ts"],
  bundle: true,
  format: "iife",
  minify: true,
  target: ["es2020"],
  outfile: "stratego_widget/static/page.js",
  logLevel: "warning",
});
await bundle({
  entryPoints: ["js/lesson/lesson.css"],
  bundle: true,
  minify: true,
  outfile: "stratego_widget/static/lesson_widget.css",
  logLevel: "warning",
});
// The lesson editor (stratego_widget.lessons.LessonEditor): the board, palette, form and check.
await bundle({
  entryPoints: ["js/editor/editor_widget.ts"],
  bundle: true,
  format: "esm",
  minify: true,
  target: ["es2020"],
  define: { "define.amd": "false" },
  outfile: "stratego_widget/static/editor_widget.js",
  logLevel: "warning",
});
await bundle({
  entryPoints: ["js/editor/editor.css"],
  bundle: true,
  minify: true,
  outfile: "stratego_widget/static/editor_widget.css",
  logLevel: "warning",
});
