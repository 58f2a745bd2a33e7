// The front end's words come from stratego_widget/locales/texts.json, the file Python reads:
// every language has every key, the same placeholders, and i18n.ts returns exactly those texts.

import { describe, expect, it } from "vitest";

import texts from "../../../stratego_widget/locales/texts.json";
import {
  LANGUAGES, TEXT_LANGUAGES, asLang, describePiece, pieceName, sideName, word, type Word,
} from "../../shared/i18n";

type Section = Record<string, Record<string, string>>;
const SECTIONS: Record<string, Section> = {
  pieces: texts.pieces, players: texts.players, words: texts.words, rules: texts.rules,
  battle: texts.battle, reasons: texts.reasons, results: texts.results,
};

const placeholders = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{(\w*)\}/g)].map((match) => match[1]))].sort();

describe("texts.json", () => {
  it("lists the languages the front end offers, in the same order", () => {
    expect(texts.languages).toEqual([...LANGUAGES]);
    expect([...TEXT_LANGUAGES]).toEqual([...LANGUAGES]);
  });

  for (const [name, section] of Object.entries(SECTIONS)) {
    it(`${name}: every language has the English keys and their placeholders`, () => {
      expect(Object.keys(section).sort()).toEqual([...LANGUAGES].sort());
      const english = section.en;
      for (const lang of LANGUAGES) {
        expect(Object.keys(section[lang]).sort(), lang).toEqual(Object.keys(english).sort());
        for (const [key, text] of Object.entries(section[lang])) {
          expect(text.trim(), `${name}.${lang}.${key}`).toBe(text);
          expect(text.length, `${name}.${lang}.${key}`).toBeGreaterThan(0);
          expect(placeholders(text), `${name}.${lang}.${key}`).toEqual(placeholders(english[key]));
        }
      }
    });
  }
});

describe("i18n.ts reads texts.json", () => {
  it("piece names", () => {
    for (const lang of LANGUAGES) {
      for (const [kind, name] of Object.entries(texts.pieces[lang])) {
        expect(pieceName(kind, lang)).toBe(name);
      }
    }
    expect(pieceName("scout", "de")).toBe("Aufklärer");
    expect(pieceName("dragon", "nl")).toBe("dragon");
  });

  it("interface words and player names, placeholders left for `word` to fill", () => {
    for (const lang of LANGUAGES) {
      for (const [key, text] of Object.entries({ ...texts.words[lang], ...texts.players[lang] })) {
        const pieces: Record<string, string> = texts.pieces[lang];
        const filled = text.replace(/\{(\w+)\}/g, (whole, name: string) => pieces[name] ?? whole);
        expect(word(key as Word, lang)).toBe(filled);
      }
      for (const [side, name] of Object.entries(texts.players[lang])) {
        expect(sideName(side, lang)).toBe(name);
      }
    }
    expect(word("toMove", "nl", { side: "Rood" })).toBe("Rood is aan zet");
    expect(word("past", "fr", {})).toBe("Coup {n}\u00a0: le plateau tel qu'il était alors");
    expect(word("numbering", "de")).toBe("10 = Feldmarschall");
    expect(word("rescueWhere", "nl", { piece: "Generaal" })).toBe("Generaal heroveren: kies een veld");
  });

  it("an unknown language falls back to English", () => {
    expect(asLang("xx")).toBe("en");
    expect(word("undo", "xx")).toBe(texts.words.en.undo);
    expect(sideName("referee", "de")).toBe("referee");
  });

  it("describes a piece on a square in each language", () => {
    expect(describePiece("red", "scout", "en")).toBe("Red Scout");
    expect(describePiece("red", "flag", "nl")).toBe("Vlag (Rood)");
    expect(describePiece("blue", null, "de")).toBe("Figur (Blau), unbekannt");
  });
});
