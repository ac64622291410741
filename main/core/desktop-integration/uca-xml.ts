/**
 * Just enough XML for Thunar's uca.xml: a well-formedness check and the position of each
 * `<action>` under the `<actions>` root, so that ours can be added and removed by editing the text
 * and everything else in the file (the user's actions, comments, layout) stays byte for byte.
 */

export interface UcaAction {
  /** Offsets of `<action>` … `</action>` in the text. */
  start: number;
  end: number;
  uniqueId: string | null;
}

export interface UcaDocument {
  actions: UcaAction[];
  /** Where `</actions>` starts, or null when the root is written `<actions/>`. */
  closeStart: number | null;
  /** The root element's own span (for `<actions/>`). */
  rootStart: number;
  rootEnd: number;
}

export class MalformedXmlError extends Error {
  constructor(reason: string, offset: number) {
    super(`${reason} at character ${offset}`);
    this.name = 'MalformedXmlError';
  }
}

const NAME = '[A-Za-z_:][-A-Za-z0-9_.:]*';
const START_TAG = new RegExp(`^<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`);
const END_TAG = new RegExp(`^</(${NAME})\\s*>`);
const ENTITY = /^&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);/;

export function parseUcaXml(text: string): UcaDocument {
  const stack: string[] = [];
  const actions: UcaAction[] = [];
  let current: { start: number; idText: string | null } | null = null;
  let rootSeen = false;
  let rootStart = -1;
  let rootEnd = -1;
  let closeStart: number | null = null;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const skipTo = (terminator: string, what: string): void => {
    const end = text.indexOf(terminator, i);
    if (end < 0) throw new MalformedXmlError(`unterminated ${what}`, i);
    i = end + terminator.length;
  };

  while (i < text.length) {
    if (text[i] !== '<') {
      const next = text.indexOf('<', i);
      const chunk = text.slice(i, next < 0 ? text.length : next);
      checkText(chunk, i, stack.length === 0);
      if (current && stack.at(-1) === 'unique-id' && stack.length === 3) current.idText = (current.idText ?? '') + decode(chunk);
      i = next < 0 ? text.length : next;
    } else if (text.startsWith('<?', i)) {
      skipTo('?>', 'processing instruction');
    } else if (text.startsWith('<!--', i)) {
      skipTo('-->', 'comment');
    } else if (text.startsWith('<![CDATA[', i)) {
      if (stack.length === 0) throw new MalformedXmlError('character data outside the root element', i);
      const from = i + '<![CDATA['.length;
      skipTo(']]>', 'CDATA section');
      if (current && stack.at(-1) === 'unique-id' && stack.length === 3) current.idText = (current.idText ?? '') + text.slice(from, i - 3);
    } else if (text.startsWith('<!DOCTYPE', i)) {
      if (rootSeen) throw new MalformedXmlError('a DOCTYPE after the root element', i);
      skipTo('>', 'DOCTYPE');
    } else if (text.startsWith('</', i)) {
      const match = END_TAG.exec(text.slice(i));
      if (!match) throw new MalformedXmlError('a malformed end tag', i);
      const name = match[1] as string;
      if (stack.at(-1) !== name) throw new MalformedXmlError(`</${name}> does not close <${stack.at(-1) ?? 'nothing'}>`, i);
      stack.pop();
      if (stack.length === 0) {
        closeStart = i;
        rootEnd = i + match[0].length;
      }
      if (stack.length === 1 && name === 'action' && current) {
        actions.push({ start: current.start, end: i + match[0].length, uniqueId: current.idText });
        current = null;
      }
      i += match[0].length;
    } else {
      const match = START_TAG.exec(text.slice(i));
      if (!match) throw new MalformedXmlError('a malformed tag', i);
      const name = match[1] as string;
      const selfClosing = match[3] === '/';
      checkAttributes(match[2] ?? '', i);
      if (stack.length === 0) {
        if (rootSeen) throw new MalformedXmlError('a second root element', i);
        if (name !== 'actions') throw new MalformedXmlError(`the root element is <${name}>, not <actions>`, i);
        rootSeen = true;
        rootStart = i;
        if (selfClosing) rootEnd = i + match[0].length;
      }
      if (stack.length === 1 && name === 'action') {
        if (selfClosing) actions.push({ start: i, end: i + match[0].length, uniqueId: null });
        else current = { start: i, idText: null };
      }
      if (!selfClosing) stack.push(name);
      i += match[0].length;
    }
  }
  if (stack.length > 0) throw new MalformedXmlError(`<${stack.at(-1)}> is never closed`, text.length);
  if (!rootSeen) throw new MalformedXmlError('there is no <actions> element', text.length);
  return { actions: actions.map((a) => ({ ...a, uniqueId: a.uniqueId?.trim() ?? null })), closeStart, rootStart, rootEnd };
}

function checkText(chunk: string, offset: number, outsideRoot: boolean): void {
  if (outsideRoot && chunk.trim() !== '') throw new MalformedXmlError('text outside the root element', offset);
  for (let at = chunk.indexOf('&'); at >= 0; at = chunk.indexOf('&', at + 1)) {
    if (!ENTITY.test(chunk.slice(at))) throw new MalformedXmlError('an unescaped &', offset + at);
  }
  const gt = chunk.indexOf(']]>');
  if (gt >= 0) throw new MalformedXmlError(']]> in text', offset + gt);
}

function checkAttributes(attributes: string, offset: number): void {
  const names = [...attributes.matchAll(new RegExp(`(${NAME})\\s*=`, 'g'))].map((m) => m[1]);
  if (new Set(names).size !== names.length) throw new MalformedXmlError('a repeated attribute', offset);
  checkText(attributes.replace(/[<>]/g, ''), offset, false);
}

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);/g, (_, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[entity] as string;
  });
}

/** Text content for an element: the three characters XML reserves in text. */
export function escapeXmlText(value: string): string {
  return value.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] as string);
}
