import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "happy-dom",
    include: ["js/__tests__/**/*.test.ts"],
    setupFiles: ["js/__tests__/setup.ts"],
    // The widget's and the lesson's stylesheets reach the tests that read them (`?raw`) as written.
    css: { include: [/widget\.css/, /lesson\.css/] },
    // One environment per worker, not per file: the files build their own DOM in each test
    // (js/__tests__/harness.ts), and js/__tests__/setup.ts empties the page after each file, and setting up a DOM and
    // the imports for each of the 28 files was half the run (53 s against 23 s on two cores).
    isolate: false,
  },
});
