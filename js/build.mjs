// Bundle the front end into the Python package: stratego_widget/static/widget.{js,css}.
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
