// Vite hands a file's text to a test that imports it with `?raw` (the tests read widget.css).
declare module "*?raw" {
  const text: string;
  export default text;
}
