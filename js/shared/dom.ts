// Small DOM helpers shared by every part of the front end. Each update writes only when the
// value really changes, so a new view never touches nodes that stay the same.

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K, props: { className?: string; testid?: string; text?: string } = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (["button", "select", "input", "summary"].includes(tag)) suppressShortcuts(node);
  if (props.className) node.className = props.className;
  if (props.testid) node.dataset.testid = props.testid;
  if (props.text !== undefined) node.textContent = props.text;
  return node;
}

/** A plain button that calls `onClick`. */
export function button(testid: string, onClick: () => void): HTMLButtonElement {
  const node = el("button", { className: "sw-button", testid });
  node.type = "button";
  node.addEventListener("click", onClick);
  return node;
}

export function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

export function toggle(node: HTMLElement, cls: string, on: boolean): void {
  if (node.classList.contains(cls) !== on) node.classList.toggle(cls, on);
}

export function setAttr(node: HTMLElement, name: string, value: string): void {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** Show or hide a node (its `hidden` attribute). The browser restyles a node whose attribute
 * is written even with the value it had, so this writes only on a change. */
export function setHidden(node: HTMLElement, hidden: boolean): void {
  if (node.hidden !== hidden) node.hidden = hidden;
}

/** Fill `list` with one child per item (`make`), hidden when there are none; drawn again only
 * when the items' keys (`keyOf`) changed, so an unchanged list keeps its nodes. */
export function drawList<T>(list: HTMLElement, items: readonly T[], keyOf: (item: T) => string,
  make: (item: T) => HTMLElement): void {
  setHidden(list, items.length === 0);
  const key = items.map(keyOf).join("\n");
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(...items.map(make));
}

/** Enable or disable a control, writing only on a change. */
export function setDisabled(
  node: HTMLButtonElement | HTMLInputElement | HTMLSelectElement, disabled: boolean,
): void {
  if (node.disabled !== disabled) node.disabled = disabled;
}

/** Set a control's value, writing only on a change. */
export function setValue(node: HTMLInputElement | HTMLSelectElement, value: string): void {
  if (node.value !== value) node.value = value;
}

/** Keep the notebook's keyboard shortcuts (`d d` deletes a cell, `a`/`b` insert one) away from
 * a focusable element of the widget. JupyterLab and Notebook 7 match shortcuts against the
 * focused element first, so every focusable element carries the mark, not only the root. */
export function suppressShortcuts(node: HTMLElement): void {
  node.setAttribute("data-lm-suppress-shortcuts", "true");
}
