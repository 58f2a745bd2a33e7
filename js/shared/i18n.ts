// Piece names and interface words in English, Dutch, French and German. Every text comes from
// stratego_widget/locales/texts.json, the one file Python reads too (esbuild bundles it), so the
// two sides cannot disagree. Piece names follow the four-language Stratego Original rulebook
// (the 2013 Spotter, absent from it, gets a plain translation); Python translates the rule
// explanations, battle and result sentences itself and sends them ready to show.

// Named imports: esbuild bundles only these sections, not the rule texts Python sends itself.
import { languages, pieces, players, rules, short, words } from "../../stratego_widget/locales/texts.json";

export const LANGUAGES = ["en", "nl", "fr", "de"] as const;
export type Lang = (typeof LANGUAGES)[number];

/** Player names ("red", "blue", "draw") and interface words. */
export type Word = keyof (typeof words)["en"] | keyof (typeof players)["en"];

// Every language must have every English key (the type checker says so here; the vitest and
// Python tests also check that no language has extra keys or other placeholders).
type Table<Key extends string> = Record<Lang, Record<Key, string>>;
const PIECES: Table<keyof (typeof pieces)["en"]> & Record<Lang, Record<string, string>> = pieces;
const SHORT: Table<keyof (typeof pieces)["en"]> & Record<Lang, Record<string, string>> = short;
const PLAYERS: Table<keyof (typeof players)["en"]> = players;
const INTERFACE: Table<keyof (typeof words)["en"]> = words;

// Placeholders in braces ({side}, {piece}, {n}) are filled in by `word`.
const WORDS = Object.fromEntries(LANGUAGES.map((lang) =>
  [lang, { ...PLAYERS[lang], ...INTERFACE[lang] }])) as Record<Lang, Record<Word, string>>;

/** The languages texts.json lists, in its order (the same as `LANGUAGES`; a test checks it). */
export const TEXT_LANGUAGES: readonly string[] = languages;

export function asLang(value: string): Lang {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Lang) : "en";
}

/** A language's name in another: `languageName("en", "de")` is "Englisch". */
export function languageName(named: string, lang: string): string {
  const key = `language${asLang(named).charAt(0).toUpperCase()}${asLang(named).slice(1)}` as Word;
  return word(key, lang);
}

/** A piece's name in a language, `pieceName("scout", "de")`; an unknown kind stays as it is. */
export function pieceName(kind: string, lang: string): string {
  return PIECES[asLang(lang)][kind] ?? kind;
}

/** A piece's short name (at most five characters), drawn on a token too small for its whole
 * name: `shortPieceName("marshal", "en")` is "Mar."; an unknown kind has none (""). */
export function shortPieceName(kind: string, lang: string): string {
  return SHORT[asLang(lang)][kind] ?? "";
}

/**
 * An interface word with its placeholders filled in: `word("toMove", "nl", {side: "Rood"})`.
 * A placeholder named after a piece kind (`{marshal}`) is that piece's name unless `fill` gives
 * it, so no text repeats a piece name.
 */
export function word(key: Word, lang: string, fill: Record<string, string> = {}): string {
  const l = asLang(lang);
  return WORDS[l][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    fill[name] ?? PIECES[l][name] ?? whole);
}

/** "Red" / "Rood" / "Rouge" / "Rot". */
export function sideName(side: string, lang: string): string {
  return side === "red" || side === "blue" || side === "draw" ? word(side, lang) : side;
}

/** A piece as a square's label says it: "Red Scout", "Blue piece, unknown". */
export function describePiece(owner: string, kind: string | null, lang: string): string {
  const side = sideName(owner, lang);
  return kind === null ? word("unknownPiece", lang, { side })
    : word("piece", lang, { side, piece: pieceName(kind, lang) });
}

const RULES: Record<Lang, Record<string, string>> = rules;

/** What a rule id says, in a language ("two-square" → "A piece may not move back and forth
 * …"), with a final full stop; null for an id with no statement. */
export function ruleStatement(rule: string, lang: string): string | null {
  const text = RULES[asLang(lang)][rule];
  return text ? `${text}.` : null;
}
