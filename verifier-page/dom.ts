/** Elements made in a line, so the page needs no framework: attributes as given, children in order. */

type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  element.append(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
  return element;
}

/** A hash or txId (64 hex digits) in a sentence: monospaced, and free to break anywhere rather than widen the page. */
const HASH = /\b[0-9a-fA-F]{64}\b/g;

export function sentence(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  let from = 0;
  for (const m of text.matchAll(HASH)) {
    if (m.index > from) fragment.append(text.slice(from, m.index));
    fragment.append(h('span', { class: 'mono' }, m[0]));
    from = m.index + m[0].length;
  }
  if (from < text.length) fragment.append(text.slice(from));
  return fragment;
}
