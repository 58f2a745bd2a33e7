// The lesson editor's fixed words: each node's text (or attribute) written from texts.json's
// words now and again whenever the panel's language changes, and the labelled controls.

import { el, setAttr, setText, suppressShortcuts } from "../shared/dom";
import { word, type Word } from "../shared/i18n";

/** The panel's fixed words, written again when the language changes. */
export class Wording {
  private writers: Array<(lang: string) => void> = [];
  private shownLang = "";

  /** Call `write` with the language now and on every change of it. */
  add(write: (lang: string) => void): void {
    this.writers.push(write);
  }

  /** Write `key`'s word into `node` (its text, or an attribute) now and on every language change. */
  words(node: HTMLElement, key: Word, attribute?: string): void {
    this.add((lang) => attribute ? setAttr(node, attribute, word(key, lang)) : setText(node, word(key, lang)));
  }

  /** `control` in a label whose caption is `key`'s word, with the test id `testid`. */
  labelled<T extends HTMLElement>(key: Word, control: T, testid: string): HTMLLabelElement {
    const label = el("label", { className: "sw-editor-label" });
    const caption = el("span");
    this.words(caption, key);
    control.dataset.testid = testid;
    suppressShortcuts(control);
    label.append(caption, control);
    return label;
  }

  /** Write every word in `lang`, when it is not the language shown already; true if it was not. */
  show(lang: string): boolean {
    if (lang === this.shownLang) return false;
    this.shownLang = lang;
    for (const write of this.writers) write(lang);
    return true;
  }
}
