// Piece names and interface words in English, Dutch, French and German. Piece names follow the
// four-language Stratego Original rulebook; Python translates the rule explanations.

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
    scout: "Aufklärer", spotter: "Späher", spy: "Spion", bomb: "Bombe", flag: "Fahne",
  },
};

const WORDS = {
  en: {
    red: "Red", blue: "Blue", draw: "Draw", empty: "empty", lake: "lake", crater: "crater",
    unknown: "unknown piece", your: "your", moved: "moved", known: "known to the opponent",
    board: "Stratego board", toMove: "{side} to move", yourTurn: "Your move",
    waiting: "Waiting for {side}", setup: "Set up your army", random: "Random setup",
    clear: "Clear", ready: "Ready", tray: "Pieces to place", undo: "Undo", resign: "Resign",
    newGame: "New game", handover: "Pass the device to {side}", handoverButton: "I am {side}: show my pieces",
    readOnly: "read-only: run the notebook to play", moves: "Moves", captured: "Captured",
    replay: "Replay", live: "Back to the game", guess: "Guess the rank of the piece in front",
    justMove: "Just move", rescue: "Rescue a piece", rescueWhere: "Place it on",
    decline: "No rescue", cancel: "Cancel", numbering: "10 = Marshal", language: "Language",
    setupIncomplete: "Place every piece, then press Ready.", presets: "Preset",
    spot: "spot", wins: "{side} wins", over: "Game over",
  },
  nl: {
    red: "Rood", blue: "Blauw", draw: "Gelijkspel", empty: "leeg", lake: "meer", crater: "krater",
    unknown: "onbekend stuk", your: "jouw", moved: "verplaatst", known: "bekend bij de tegenstander",
    board: "Stratego-bord", toMove: "{side} is aan zet", yourTurn: "Jij bent aan zet",
    waiting: "Wachten op {side}", setup: "Stel je leger op", random: "Willekeurige opstelling",
    clear: "Wissen", ready: "Klaar", tray: "Nog te plaatsen", undo: "Terug", resign: "Opgeven",
    newGame: "Nieuw spel", handover: "Geef het apparaat aan {side}", handoverButton: "Ik ben {side}: toon mijn stukken",
    readOnly: "alleen-lezen: voer het notebook uit om te spelen", moves: "Zetten", captured: "Geslagen",
    replay: "Terugkijken", live: "Terug naar het spel", guess: "Raad de rang van het stuk ervoor",
    justMove: "Alleen verplaatsen", rescue: "Een stuk heroveren", rescueWhere: "Plaats het op",
    decline: "Niet heroveren", cancel: "Annuleren", numbering: "10 = Maarschalk", language: "Taal",
    setupIncomplete: "Plaats alle stukken en druk dan op Klaar.", presets: "Voorbeeld",
    spot: "ontdekken", wins: "{side} wint", over: "Spel voorbij",
  },
  fr: {
    red: "Rouge", blue: "Bleu", draw: "Match nul", empty: "vide", lake: "lac", crater: "cratère",
    unknown: "pièce inconnue", your: "votre", moved: "déplacée", known: "connue de l'adversaire",
    board: "Plateau de Stratego", toMove: "{side} joue", yourTurn: "À vous de jouer",
    waiting: "En attente de {side}", setup: "Disposez votre armée", random: "Disposition au hasard",
    clear: "Effacer", ready: "Prêt", tray: "Pièces à placer", undo: "Annuler", resign: "Abandonner",
    newGame: "Nouvelle partie", handover: "Passez l'appareil à {side}", handoverButton: "Je suis {side} : montrer mes pièces",
    readOnly: "lecture seule : exécutez le notebook pour jouer", moves: "Coups", captured: "Prises",
    replay: "Revoir", live: "Retour à la partie", guess: "Devinez le grade de la pièce devant",
    justMove: "Seulement déplacer", rescue: "Sauver une pièce", rescueWhere: "La placer sur",
    decline: "Pas de sauvetage", cancel: "Annuler", numbering: "10 = Maréchal", language: "Langue",
    setupIncomplete: "Placez toutes les pièces, puis appuyez sur Prêt.", presets: "Modèle",
    spot: "repérer", wins: "{side} gagne", over: "Partie terminée",
  },
  de: {
    red: "Rot", blue: "Blau", draw: "Unentschieden", empty: "leer", lake: "See", crater: "Krater",
    unknown: "unbekannte Figur", your: "deine", moved: "gezogen", known: "dem Gegner bekannt",
    board: "Stratego-Spielbrett", toMove: "{side} ist am Zug", yourTurn: "Du bist am Zug",
    waiting: "Warten auf {side}", setup: "Stelle deine Armee auf", random: "Zufällige Aufstellung",
    clear: "Leeren", ready: "Fertig", tray: "Noch aufzustellen", undo: "Zurück", resign: "Aufgeben",
    newGame: "Neues Spiel", handover: "Gib das Gerät an {side}", handoverButton: "Ich bin {side}: meine Figuren zeigen",
    readOnly: "nur lesen: führe das Notebook aus, um zu spielen", moves: "Züge", captured: "Geschlagen",
    replay: "Nachspielen", live: "Zurück zum Spiel", guess: "Rate den Rang der Figur davor",
    justMove: "Nur ziehen", rescue: "Eine Figur befreien", rescueWhere: "Stelle sie auf",
    decline: "Nicht befreien", cancel: "Abbrechen", numbering: "10 = Feldmarschall", language: "Sprache",
    setupIncomplete: "Stelle alle Figuren auf und drücke dann Fertig.", presets: "Vorlage",
    spot: "entdecken", wins: "{side} gewinnt", over: "Spiel vorbei",
  },
} satisfies Record<Lang, Record<string, string>>;

export type Word = keyof (typeof WORDS)["en"];

export function asLang(value: string): Lang {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Lang) : "en";
}

export function pieceName(kind: string, lang: string): string {
  return PIECES[asLang(lang)][kind] ?? kind;
}

/** An interface word, with `{side}` filled in (translated) when given. */
export function word(key: Word, lang: string, side?: string): string {
  const words = WORDS[asLang(lang)];
  const text = words[key];
  return side === undefined ? text : text.replace("{side}", words[side as Word] ?? side);
}
