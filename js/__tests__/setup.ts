// Each test file starts on an empty page, as it would in an environment of its own: the files
// share one DOM per worker (vitest.config.mts, `isolate: false`), so what a file leaves in the
// document or in the browser's storage is cleared when it ends.
import { afterAll } from "vitest";

afterAll(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
});
