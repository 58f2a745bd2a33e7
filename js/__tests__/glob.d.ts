// Vite's `import.meta.glob`, as the layering test uses it: the text of every file a pattern
// matches, by its path relative to the test.
interface ImportMeta {
  glob<T>(patterns: string | string[], options: { query: string; import: string; eager: true }): Record<string, T>;
}
