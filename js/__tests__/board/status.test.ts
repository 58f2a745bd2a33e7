// The status line says what to do now: what the next click does once a piece is chosen, and
// never invites a move on a board that takes none (a saved notebook, an exported page).

import { afterEach, describe, expect, it, vi } from "vitest";

import { SLOW_ANSWER_MS } from "../../board/controller";
import { ALIVE_TIMEOUT_MS } from "../../board/widget";
import lessonWidget from "../../lesson/lesson_widget";
import { TEXTS, readOnlyText } from "../../board/status";
import { LANGUAGES } from "../../shared/i18n";
import type { View } from "../../shared/types";
import { mount, square, testid, useRoot, type State } from "../harness";
import play from "../fixtures/play.json";
import offline from "../fixtures/offline.json";
import refused from "../lesson_fixtures/refused.json";

useRoot();
afterEach(() => vi.useRealTimers());
const playView = play.view as unknown as View;
const turn = () => testid("turn").textContent ?? "";

describe("after choosing a piece", () => {
  it("says to click a target square or the piece again, not to choose a piece", () => {
    mount(play);
    expect(turn()).toBe(playView.next!.text);
    square("e3").click();
    expect(turn()).toBe("Miner on e3 chosen: click a target square, or the piece again to cancel");
    square("e3").click(); // cancelled: Python's sentence again
    expect(turn()).toBe(playView.next!.text);
  });

  it("is said in the board's language", () => {
    const model = mount({ ...play, lang: "nl" });
    square("e3").click();
    expect(turn()).toBe("Mineur op e3 gekozen: klik op een doelveld, of nog eens op het stuk om te annuleren");
    model.set("lang", "de");
    expect(turn()).toContain("Mineur auf e3 gewählt");
    model.set("lang", "fr");
    expect(turn()).toContain("Pièce choisie (Démineur en e3)");
  });

  it("names the newly chosen piece when another one is chosen", () => {
    mount(play);
    square("e3").click();
    square("g3").click();
    expect(turn()).toContain("on g3 chosen");
  });

  it("goes back to what Python says when a proposed move's answer is slow", () => {
    vi.useFakeTimers();
    mount(play);
    square("e3").click();
    square("e4").click(); // the click's frame draws the board alone
    vi.advanceTimersByTime(SLOW_ANSWER_MS + 1); // no answer yet: the status line catches up
    expect(turn()).not.toContain("chosen");
    expect(turn()).toBe(playView.next!.text);
  });
});

describe("a click that chooses nothing", () => {
  const bubble = () => testid("bubble");

  it("on an empty square says to choose one of your own pieces first", () => {
    const model = mount(play);
    square("a5").click();
    expect(bubble().hidden).toBe(false);
    expect(bubble().dataset.square).toBe("a5");
    expect(bubble().textContent).toBe("Choose one of your own pieces first, then the square to move it to");
    expect(model.sent).toEqual([]); // nothing for Python to judge
  });

  it("on the other side's piece says whose it is, in the board's language", () => {
    mount({ ...play, lang: "fr" });
    square("j9").click();
    expect(bubble().textContent).toBe("Cette pièce appartient à Bleu\u00a0: choisissez d'abord une de vos pièces");
  });

  it("says nothing when a piece is chosen, or when it is not the viewer's turn", () => {
    const model = mount(play);
    square("e3").click();
    expect(bubble().hidden).toBe(true);
    square("e3").click(); // cancelled
    model.push({ can_act: false });
    square("a5").click();
    expect(bubble().hidden).toBe(true);
  });
});

describe("a read-only board", () => {
  it("does not invite a move: it says it is read-only", () => {
    mount(play, false);
    expect(turn()).not.toContain("choose a piece");
    expect(turn()).toBe("Read-only: Red to move in the position shown");
  });

  it("says so in the board's language", () => {
    mount({ ...play, lang: "de" }, false);
    expect(turn()).toBe("Nur lesen: Rot ist in der gezeigten Stellung am Zug");
  });

  it("says so once no kernel has answered, too", () => {
    vi.useFakeTimers();
    mount(play, true, false);
    expect(turn()).toBe(playView.next!.text); // a kernel is assumed until the hello times out
    vi.advanceTimersByTime(ALIVE_TIMEOUT_MS + 1);
    expect(turn()).toBe("Read-only: Red to move in the position shown");
  });

  it("a lesson board's exported page does not invite a move either", () => {
    mount(refused as State, false, true, lessonWidget.render);
    expect((refused as unknown as { view: View }).view.next!.text).toContain("choose a piece");
    expect(turn()).not.toContain("choose a piece");
    expect(turn()).toContain("Read-only");
  });

  it("shows which move of a finished game's replay is shown", () => {
    mount(offline, false);
    expect(turn()).toBe("Game over: every piece is shown; step back through the moves");
    testid("replay-first").click();
    testid("replay-next").click();
    expect(turn()).toMatch(/^Move 1 of \d+: Blue to move$/);
  });

  it("in the setup, says the armies are not set up", () => {
    expect(readOnlyText({ ...playView, phase: "setup", replay: null }, "nl"))
      .toBe("Alleen-lezen: de legers zijn nog niet opgesteld");
  });
});

describe("the browser's own sentences", () => {
  it("exist in every language with the same placeholders", () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const lang of LANGUAGES) {
      expect(Object.keys(TEXTS[lang]).sort()).toEqual(Object.keys(TEXTS.en).sort());
      for (const [key, text] of Object.entries(TEXTS[lang])) {
        expect(placeholders(text), `${lang}.${key}`).toEqual(placeholders(TEXTS.en[key as keyof typeof TEXTS.en]));
      }
    }
  });
});
