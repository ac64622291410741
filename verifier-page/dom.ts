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

/**
 * A hash or txId (64 hex digits) in a sentence: monospaced, and free to break anywhere rather than
 * widen the page; a time (2026-11-27T23:27:29Z) kept on one line: broken at its hyphens it reads as two things.
 */
const HASH_OR_TIME = /\b[0-9a-fA-F]{64}\b|\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;

export function sentence(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  let from = 0;
  for (const m of text.matchAll(HASH_OR_TIME)) {
    if (m.index > from) fragment.append(text.slice(from, m.index));
    fragment.append(h('span', { class: m[0].length === 64 ? 'mono' : 'whole' }, m[0]));
    from = m.index + m[0].length;
  }
  if (from < text.length) fragment.append(text.slice(from));
  return fragment;
}
