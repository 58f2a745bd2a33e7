import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "happy-dom",
    include: ["js/__tests__/**/*.test.ts"],
    // The widget's and the lesson's stylesheets reach the tests that read them (`?raw`) as written.
    css: { include: [/widget\.css/, /lesson\.css/] },
  },
});
