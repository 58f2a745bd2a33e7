// The status line says what to do now. Python says it for the view (`view.next`); the browser
// says it instead when it knows more: a piece chosen on the board or in the tray (what the
// next click does), a read-only board (which takes no move: it says so, or which move of the
// replay is shown). The sentences Python does not send are in `TEXTS`, in the four languages
// of stratego_widget/locales/texts.json; everything else comes from that file.

import { asLang, pieceName, ruleStatement, sideName, word, type Lang } from "../shared/i18n";
import { actingSide, decodePiece, type Rules, type View } from "../shared/types";

/** Sentences only the browser says, with placeholders in braces. */
export const TEXTS = {
  en: {
    moveChosen: "{piece} on {square} chosen: click a target square, or the piece again to cancel",
    setupPicked: "{piece} picked ({n} left): click a square of your setup area to place one",
    setupChosen: "{piece} on {square} chosen: click another square of your setup area to swap, or the piece again to cancel",
    setupEmptyChosen: "{square} chosen: pick a piece in the tray to place it there, or click one of your pieces to move it there",
    readOnlyPlay: "Read-only: {side} to move in the position shown",
    readOnlySetup: "Read-only: the armies are not set up yet",
    clickOwnFirst: "Choose one of your own pieces first, then the square to move it to",
    clickNotYours: "This is a piece of {side}'s: choose one of your own pieces first",
  },
  nl: {
    moveChosen: "{piece} op {square} gekozen: klik op een doelveld, of nog eens op het stuk om te annuleren",
    setupPicked: "{piece} gekozen (nog {n}): klik op een veld van je opstelgebied om er een te plaatsen",
    setupChosen: "{piece} op {square} gekozen: klik op een ander veld van je opstelgebied om te wisselen, of nog eens op het stuk om te annuleren",
    setupEmptyChosen: "{square} gekozen: kies een nog te plaatsen stuk om het daar neer te zetten, of klik op een van je stukken om het daarheen te verplaatsen",
    readOnlyPlay: "Alleen-lezen: {side} is aan zet in de getoonde stelling",
    readOnlySetup: "Alleen-lezen: de legers zijn nog niet opgesteld",
    clickOwnFirst: "Kies eerst een van je eigen stukken, dan het veld waar het heen gaat",
    clickNotYours: "Dit is een stuk van {side}: kies eerst een van je eigen stukken",
  },
  fr: {
    moveChosen: "Pièce choisie ({piece} en {square})\u00a0: cliquez sur une case d'arrivée, ou de nouveau sur la pièce pour annuler",
    setupPicked: "{piece} à placer (encore {n})\u00a0: cliquez sur une case de votre zone de placement",
    setupChosen: "Pièce choisie ({piece} en {square})\u00a0: cliquez sur une autre case de votre zone de placement pour échanger, ou de nouveau sur la pièce pour annuler",
    setupEmptyChosen: "Case {square} choisie\u00a0: choisissez une pièce à placer pour la poser là, ou cliquez sur une de vos pièces pour l'y déplacer",
    readOnlyPlay: "Lecture seule\u00a0: {side} joue dans la position affichée",
    readOnlySetup: "Lecture seule\u00a0: les armées ne sont pas encore en place",
    clickOwnFirst: "Choisissez d'abord une de vos pièces, puis la case où la déplacer",
    clickNotYours: "Cette pièce appartient à {side}\u00a0: choisissez d'abord une de vos pièces",
  },
  de: {
    moveChosen: "{piece} auf {square} gewählt: klicke auf ein Zielfeld oder noch einmal auf die Figur, um abzubrechen",
    setupPicked: "{piece} gewählt (noch {n}): klicke auf ein Feld deines Aufstellungsbereichs, um die Figur zu setzen",
    setupChosen: "{piece} auf {square} gewählt: klicke auf ein anderes Feld deines Aufstellungsbereichs, um zu tauschen, oder noch einmal auf die Figur, um abzubrechen",
    setupEmptyChosen: "{square} gewählt: wähle eine noch aufzustellende Figur, um sie dorthin zu setzen, oder klicke auf eine deiner Figuren, um sie dorthin zu bewegen",
    readOnlyPlay: "Nur lesen: {side} ist in der gezeigten Stellung am Zug",
    readOnlySetup: "Nur lesen: die Armeen sind noch nicht aufgestellt",
    clickOwnFirst: "Wähle zuerst eine deiner eigenen Figuren, dann das Feld, auf das sie ziehen soll",
    clickNotYours: "Das ist eine Figur von {side}: wähle zuerst eine deiner eigenen Figuren",
  },
} satisfies Record<Lang, Record<string, string>>;

export type StatusWord = keyof (typeof TEXTS)["en"];

/** A sentence of `TEXTS` in a language, its placeholders filled in. */
export function say(key: StatusWord, lang: string, fill: Record<string, string> = {}): string {
  return TEXTS[asLang(lang)][key].replace(/\{(\w+)\}/g, (whole, name: string) => fill[name] ?? whole);
}

/** What the browser knows that the view does not: the choices of this page. */
export interface StatusContext {
  /** Whether the board may act (false: saved state, no kernel). */
  interactive: boolean;
  /** The square chosen on the board. */
  selected: string | null;
  /** The tray kind picked in the setup. */
  kind: string | null;
}

/** The status line's sentence, when the browser must say something other than `view.next`
 * (null: say Python's). */
export function statusText(view: View, rules: Rules, lang: string, context: StatusContext): string | null {
  if (!context.interactive) return readOnlyText(view, lang);
  const live = !view.replay || view.replay.index >= view.replay.length;
  if (!view.can_act || !live || view.pending) return null;
  const square = context.selected;
  const code = square ? view.pieces[square] : undefined;
  const piece = code ? pieceName(decodePiece(code, rules).kind ?? "", lang) : "";
  if (view.phase === "play" && square && code) return say("moveChosen", lang, { piece, square });
  if (view.phase !== "setup" || !view.setup) return null;
  if (context.kind) {
    return say("setupPicked", lang, { piece: pieceName(context.kind, lang),
      n: String(view.setup.tray[context.kind] ?? 0) });
  }
  if (square) return code ? say("setupChosen", lang, { piece, square }) : say("setupEmptyChosen", lang, { square });
  return null;
}

/** A board that takes no move never invites one: it says it is read-only, or which position
 * of a finished game's replay it shows. */
export function readOnlyText(view: View, lang: string): string {
  const replay = view.replay;
  if (replay && replay.index < replay.length) {
    const side = replay.to_move ?? (replay.index % 2 === 0 ? "red" : "blue");
    return word("replayTurn", lang, { n: String(replay.index), length: String(replay.length),
      side: sideName(side, lang) });
  }
  if (view.phase === "over" || view.next?.id === "over") return word("nextOverReadOnly", lang);
  if (view.phase === "setup") return say("readOnlySetup", lang);
  return say("readOnlyPlay", lang, { side: sideName(view.to_move, lang) });
}

/** Why a square outside the setup area takes no piece (the rulebook's words, in `lang`). */
/** Why a click on a square that holds nothing to choose did nothing, or null when it is not
 * the viewer's turn to choose (the status line says whose move it is). */
export function unchosenText(view: View, square: string, lang: string): string | null {
  if (view.phase !== "play" || !view.can_act) return null;
  const code = view.pieces[square];
  if (!code) return say("clickOwnFirst", lang);
  const owner = code[0] === "r" ? "red" : "blue";
  return owner === actingSide(view) ? null : say("clickNotYours", lang, { side: sideName(owner, lang) });
}

export function setupAreaText(lang: string): string {
  return ruleStatement("setup-area", lang) ?? word("setup", lang);
}
