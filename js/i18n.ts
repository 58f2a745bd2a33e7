// Piece names and interface words in English, Dutch, French and German. Piece names follow the
// four-language Stratego Original rulebook (the 2013 Spotter, absent from it, gets a plain
// translation); Python translates the rule explanations and battle sentences itself.

export const LANGUAGES = ["en", "nl", "fr", "de"] as const;
export type Lang = (typeof LANGUAGES)[number];

const PIECES: Record<Lang, Record<string, string>> = {
  en: {
    marshal: "Marshal", general: "General", colonel: "Colonel", major: "Major",
    captain: "Captain", lieutenant: "Lieutenant", sergeant: "Sergeant", miner: "Miner",
    scout: "Scout", spotter: "Spotter", spy: "Spy", bomb: "Bomb", flag: "Flag",
  },
  nl: {
    marshal: "Maarschalk", general: "Generaal", colonel: "Kolonel", major: "Majoor",
    captain: "Kapitein", lieutenant: "Luitenant", sergeant: "Sergeant", miner: "Mineur",
    scout: "Verkenner", spotter: "Spotter", spy: "Spion", bomb: "Bom", flag: "Vlag",
  },
  fr: {
    marshal: "Maréchal", general: "Général", colonel: "Colonel", major: "Commandant",
    captain: "Capitaine", lieutenant: "Lieutenant", sergeant: "Sergent", miner: "Démineur",
    scout: "Éclaireur", spotter: "Observateur", spy: "Espion", bomb: "Bombe", flag: "Drapeau",
  },
  de: {
    marshal: "Feldmarschall", general: "General", colonel: "Oberst", major: "Major",
    captain: "Hauptmann", lieutenant: "Leutnant", sergeant: "Unteroffizier", miner: "Mineur",
    scout: "Aufklärer", spotter: "Beobachter", spy: "Spion", bomb: "Bombe", flag: "Fahne",
  },
};

// Placeholders in braces ({side}, {piece}, {n}) are filled in by `word`.
const WORDS = {
  en: {
    red: "Red", blue: "Blue", draw: "Draw", empty: "empty", lake: "lake", crater: "crater",
    piece: "{side} {piece}", unknownPiece: "{side} piece, unknown", moved: "moved",
    known: "known to the opponent", board: "Stratego board", toMove: "{side} to move",
    yourTurn: "Your move", setup: "Set up your army", random: "Random setup", clear: "Clear",
    remove: "Back to the tray", ready: "Ready", waitingReady: "Waiting for the other army",
    tray: "Pieces to place", undo: "Undo", resign: "Resign", newGame: "New game",
    handover: "Pass the device to {side}", handoverButton: "I am {side}: show my pieces",
    readOnly: "read-only", moves: "Moves", captured: "Captured", replay: "Replay",
    replayFirst: "Start of the game", replayPrev: "One move back", replayNext: "One move forward",
    replayLive: "Back to the game", past: "Viewing move {n}: the board is as it was then",
    guess: "Spot: guess the rank of the piece in front", justMove: "Just move",
    rescue: "Rescue a piece", rescueWhere: "Rescue the {piece}: choose a square",
    decline: "No rescue", cancel: "Cancel", numbering: "10 = Marshal", language: "Language",
    presets: "Preset", rule: "rule", targetMove: "move here", targetStrike: "strike",
    targetSpot: "spot from here", targetRescue: "rescue here", selected: "selected",
    over: "Game over", against: "strikes",
  },
  nl: {
    red: "Rood", blue: "Blauw", draw: "Gelijkspel", empty: "leeg", lake: "meer", crater: "krater",
    piece: "{piece} ({side})", unknownPiece: "stuk ({side}), onbekend", moved: "verplaatst",
    known: "bekend bij de tegenstander", board: "Stratego-bord", toMove: "{side} is aan zet",
    yourTurn: "Jij bent aan zet", setup: "Stel je leger op", random: "Willekeurige opstelling",
    clear: "Wissen", remove: "Terug naar de bak", ready: "Klaar",
    waitingReady: "Wachten op het andere leger", tray: "Nog te plaatsen", undo: "Terug",
    resign: "Opgeven", newGame: "Nieuw spel", handover: "Geef het apparaat aan {side}",
    handoverButton: "Ik ben {side}: toon mijn stukken", readOnly: "alleen-lezen",
    moves: "Zetten", captured: "Geslagen", replay: "Terugkijken",
    replayFirst: "Begin van het spel", replayPrev: "Eén zet terug", replayNext: "Eén zet verder",
    replayLive: "Terug naar het spel", past: "Zet {n}: het bord zoals het toen was",
    guess: "Ontdekken: raad de rang van het stuk ervoor", justMove: "Alleen verplaatsen",
    rescue: "Een stuk redden", rescueWhere: "Redt de {piece}: kies een veld",
    decline: "Niet redden", cancel: "Annuleren", numbering: "10 = Maarschalk", language: "Taal",
    presets: "Voorbeeld", rule: "regel", targetMove: "hierheen", targetStrike: "aanvallen",
    targetSpot: "vanaf hier ontdekken", targetRescue: "hier redden", selected: "gekozen",
    over: "Spel voorbij", against: "valt aan",
  },
  fr: {
    red: "Rouge", blue: "Bleu", draw: "Match nul", empty: "vide", lake: "lac", crater: "cratère",
    piece: "{piece} ({side})", unknownPiece: "pièce ({side}), inconnue", moved: "déplacée",
    known: "connue de l'adversaire", board: "Plateau de Stratego", toMove: "{side} joue",
    yourTurn: "À vous de jouer", setup: "Disposez votre armée",
    random: "Disposition au hasard", clear: "Effacer", remove: "Remettre dans la réserve",
    ready: "Prêt", waitingReady: "En attente de l'autre armée", tray: "Pièces à placer",
    undo: "Annuler", resign: "Abandonner", newGame: "Nouvelle partie",
    handover: "Passez l'appareil à {side}", handoverButton: "Je suis {side} : montrer mes pièces",
    readOnly: "lecture seule", moves: "Coups", captured: "Prises", replay: "Revoir",
    replayFirst: "Début de la partie", replayPrev: "Un coup en arrière",
    replayNext: "Un coup en avant", replayLive: "Retour à la partie",
    past: "Coup {n} : le plateau tel qu'il était alors",
    guess: "Repérer : devinez le grade de la pièce devant", justMove: "Seulement déplacer",
    rescue: "Sauver une pièce", rescueWhere: "Sauver : {piece}, choisissez une case",
    decline: "Pas de sauvetage", cancel: "Annuler", numbering: "10 = Maréchal",
    language: "Langue", presets: "Modèle", rule: "règle", targetMove: "aller ici",
    targetStrike: "attaquer", targetSpot: "repérer d'ici", targetRescue: "sauver ici",
    selected: "choisie", over: "Partie terminée", against: "attaque",
  },
  de: {
    red: "Rot", blue: "Blau", draw: "Unentschieden", empty: "leer", lake: "See",
    crater: "Krater", piece: "{piece} ({side})", unknownPiece: "Figur ({side}), unbekannt",
    moved: "gezogen", known: "dem Gegner bekannt", board: "Stratego-Spielbrett",
    toMove: "{side} ist am Zug", yourTurn: "Du bist am Zug", setup: "Stelle deine Armee auf",
    random: "Zufällige Aufstellung", clear: "Leeren", remove: "Zurück in den Vorrat",
    ready: "Fertig", waitingReady: "Warten auf die andere Armee", tray: "Noch aufzustellen",
    undo: "Zurück", resign: "Aufgeben", newGame: "Neues Spiel",
    handover: "Gib das Gerät an {side}", handoverButton: "Ich bin {side}: meine Figuren zeigen",
    readOnly: "nur lesen", moves: "Züge", captured: "Geschlagen", replay: "Nachspielen",
    replayFirst: "Spielbeginn", replayPrev: "Einen Zug zurück", replayNext: "Einen Zug vor",
    replayLive: "Zurück zum Spiel", past: "Zug {n}: das Brett, wie es damals war",
    guess: "Entdecken: rate den Rang der Figur davor", justMove: "Nur ziehen",
    rescue: "Eine Figur befreien", rescueWhere: "{piece} befreien: wähle ein Feld",
    decline: "Nicht befreien", cancel: "Abbrechen", numbering: "10 = Feldmarschall",
    language: "Sprache", presets: "Vorlage", rule: "Regel", targetMove: "hierher ziehen",
    targetStrike: "schlagen", targetSpot: "von hier entdecken", targetRescue: "hier befreien",
    selected: "gewählt", over: "Spiel vorbei", against: "schlägt",
  },
} satisfies Record<Lang, Record<string, string>>;

export type Word = keyof (typeof WORDS)["en"];

export function asLang(value: string): Lang {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Lang) : "en";
}

export function pieceName(kind: string, lang: string): string {
  return PIECES[asLang(lang)][kind] ?? kind;
}

/** An interface word with its placeholders filled in: `word("toMove", "nl", {side: "Rood"})`. */
export function word(key: Word, lang: string, fill: Record<string, string> = {}): string {
  return WORDS[asLang(lang)][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    fill[name] ?? whole);
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
