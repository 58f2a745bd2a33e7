// Squares of the board marked by the lesson panel: each `[data-square]` cell gets the class of
// its mark (one at most) and loses every other mark of the same family. The army review's
// severities and the hints' marks both draw with it.

import { toggle } from "../shared/dom";

/** Mark each `[data-square]` cell under `board` with `${prefix}${kind}`, its kind in `kindOf`
 * (none: no mark of `kinds`), and call `each(cell, kind)` on every cell, marked or not.
 *
 * @example markSquares(board, "sw-review-", ["good", "warning"], new Map([["c1", "good"]]));
 */
export function markSquares<K extends string>(
  board: HTMLElement, prefix: string, kinds: readonly K[], kindOf: ReadonlyMap<string, K>,
  each?: (cell: HTMLElement, kind: K | undefined) => void,
): void {
  for (const cell of Array.from(board.querySelectorAll<HTMLElement>("[data-square]"))) {
    const kind = kindOf.get(cell.dataset.square ?? "");
    for (const one of kinds) toggle(cell, `${prefix}${one}`, kind === one);
    each?.(cell, kind);
  }
}
