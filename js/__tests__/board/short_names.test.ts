// A board too small for a piece's whole name shows its short name instead (issue 33: at
// 1366×768 Marshal, Captain, Sergeant and Lieutenant showed a bare number): each token carries
// the short name for the stylesheet, which shows it wherever it hides the whole name for want
// of room. happy-dom has no container queries, so the stylesheet is read as text.

import { describe, expect, it } from "vitest";

import css from "../../board/widget.css?raw";
import { mount, square, useRoot } from "../harness";
import play from "../fixtures/play.json";
import { LANGUAGES, pieceName, shortPieceName } from "../../shared/i18n";

useRoot();

describe("short piece names", () => {
  it("every token carries its piece's short name, in the board's language", () => {
    const model = mount(play);
    for (const lang of LANGUAGES) {
      model.set("lang", lang);
      const marshal = square("g3").querySelector<HTMLElement>(".sw-short")!;
      expect(marshal.dataset.short).toBe(shortPieceName("marshal", lang));
      expect(marshal.style.getPropertyValue("--sw-chars")).toBe(String(shortPieceName("marshal", lang).length));
      expect(marshal.textContent).toBe(""); // drawn by the stylesheet: the token's text is its label and name
      expect(square("g3").querySelector(".sw-name")!.textContent).toBe(pieceName("marshal", lang));
    }
    expect(square("a5").querySelector<HTMLElement>(".sw-short")!.dataset.short ?? "").toBe(""); // no piece
  });

  it("are at most five characters, for every piece in every language", () => {
    for (const lang of LANGUAGES) {
      for (const kind of ["marshal", "general", "colonel", "major", "captain", "lieutenant", "sergeant",
        "miner", "scout", "spotter", "spy", "bomb", "flag"]) {
        const short = shortPieceName(kind, lang);
        expect(short.length, `${lang} ${kind}`).toBeGreaterThan(0);
        expect(short.length, `${lang} ${kind}`).toBeLessThanOrEqual(5);
      }
    }
  });

  it("the stylesheet shows the short name wherever it hides a whole name for its length", () => {
    const hidden = [...css.matchAll(/@container \(max-width: (\d+)px\) \{ \.sw-board \.sw-name\[data-chars="(\d+)"\] \{ display: none; \}\s*([^@]*)/g)];
    expect(hidden.length).toBe(13); // 6 to 18 characters
    for (const [, , chars, rest] of hidden) {
      expect(rest, `${chars} characters`).toContain(`.sw-board .sw-name[data-chars="${chars}"] + .sw-short { display: inline; }`);
    }
    expect(css).toMatch(/\.sw-short::after \{ content: attr\(data-short\); \}/);
  });
});
