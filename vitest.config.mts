import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "happy-dom",
    include: ["js/__tests__/**/*.test.ts"],
    // The widget's stylesheet reaches the tests that read it (`widget.css?raw`) as written.
    css: { include: [/widget\.css/] },
  },
});
