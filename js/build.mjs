// Bundle the front end into the Python package: stratego_widget/static/widget.{js,css}, and the
// lesson board's stratego_widget/static/lesson_widget.{js,css}.
import * as esbuild from "esbuild";

await esbuild.build({
  entryPoints: ["js/widget.ts"],
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
await esbuild.build({
  entryPoints: ["js/widget.css"],
  bundle: true,
  minify: true,
  outfile: "stratego_widget/static/widget.css",
  logLevel: "warning",
});
// The lesson board (stratego_widget.lessons.LessonWidget): the board with the lesson panel.
await esbuild.build({
  entryPoints: ["js/lesson_widget.ts"],
  bundle: true,
  format: "esm",
  minify: true,
  target: ["es2020"],
  define: { "define.amd": "false" },
  outfile: "stratego_widget/static/lesson_widget.js",
  logLevel: "warning",
});
await esbuild.build({
  entryPoints: ["js/lesson.css"],
  bundle: true,
  minify: true,
  outfile: "stratego_widget/static/lesson_widget.css",
  logLevel: "warning",
});
