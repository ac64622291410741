/**
 * The first name given twice in one JSON object, or null. JSON leaves duplicate names to the reader
 * (RFC 8259 §4): JavaScript keeps the last, other parsers the first or refuse, so a receipt with a
 * field twice would read one way here and another way elsewhere. `json` must already parse.
 * Names are compared as decoded ("a" and "\u0061" are one name).
 */
export function duplicateKey(json: string): { name: string; line: number } | null {
  // One entry per open container: the names seen in an object, null for an array.
  const open: (Set<string> | null)[] = [];
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x7b) open.push(new Set());
    else if (c === 0x5b) open.push(null);
    else if (c === 0x7d || c === 0x5d) open.pop();
    else if (c === 0x22) {
      const start = i;
      for (i++; json.charCodeAt(i) !== 0x22; i++) if (json.charCodeAt(i) === 0x5c) i++;
      const names = open.at(-1);
      if (!names || !followedByColon(json, i + 1)) continue;
      const name = JSON.parse(json.slice(start, i + 1)) as string;
      if (names.has(name)) return { name, line: json.slice(0, start).split('\n').length };
      names.add(name);
    }
  }
  return null;
}

function followedByColon(json: string, from: number): boolean {
  let i = from;
  while (i < json.length && /\s/.test(json[i]!)) i++;
  return json[i] === ':';
}
