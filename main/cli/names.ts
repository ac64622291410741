/**
 * Names typed on the command line (commands, subcommands, options) against the ones the CLI knows:
 * either spelling of a word is the same name (notarize is notarise, finalize is finalise, license
 * is licence), and a name it does not know gets the nearest known one as a suggestion.
 */

/** The British spelling the CLI's names are written in: -ize/-yze, license and honor (color…) read as -ise/-yse, licence and honour. */
function britishSpelling(word: string): string {
  return word
    .toLowerCase()
    .replace(/iz(?=e|ing|ation)/g, 'is')
    .replace(/yz(?=e|ing)/g, 'ys')
    .replace(/license/g, 'licence')
    .replace(/(hon|col|behavi|fav)or(?!u)/g, '$1our');
}

/** The same word in American spelling (-ise/-yse, licence and honour as -ize/-yze, license and honor). */
function americanSpelling(word: string): string {
  return word
    .toLowerCase()
    .replace(/is(?=e|ing|ation)/g, 'iz')
    .replace(/ys(?=e|ing)/g, 'yz')
    .replace(/licence/g, 'license')
    .replace(/(hon|col|behavi|fav)our/g, '$1or');
}

/**
 * A name as it is written and in its other spelling, when it has one (`notarise`, `notarize`), for
 * what matches typed names without Notarium's reading of them (completion scripts). Any word
 * either spelling makes reads back as the name (knownName), so a spelling made of a word that
 * merely looks like one (`wise`) still names nothing else.
 */
export function spellingsOf(name: string): string[] {
  return [...new Set([name, britishSpelling(name), americanSpelling(name)])];
}

/** The known name `typed` means (itself, or in the other spelling), or undefined. */
export function knownName(typed: string, known: Iterable<string>): string | undefined {
  const names = [...known];
  if (names.includes(typed)) return typed;
  const spelled = britishSpelling(typed);
  return names.find((n) => britishSpelling(n) === spelled);
}

/** The known name nearest to a mistyped one (a slip of a letter or two, or its start), or undefined. */
export function nearestName(typed: string, known: Iterable<string>): string | undefined {
  const spelled = britishSpelling(typed);
  let best: { name: string; distance: number } | undefined;
  for (const name of known) {
    const distance = editDistance(spelled, britishSpelling(name));
    if (!best || distance < best.distance) best = { name, distance };
  }
  const slips = typed.length <= 4 ? 1 : 2;
  if (best && best.distance <= slips) return best.name;
  const started = [...known].filter((n) => typed.length >= 3 && n.startsWith(typed));
  return started.length === 1 ? started[0] : undefined;
}

/** " Did you mean X?" for a sentence about an unknown name, or nothing when no name is near. */
export function didYouMean(typed: string, known: Iterable<string>, shown: (name: string) => string = (n) => `"${n}"`): string {
  const near = nearestName(typed, known);
  return near === undefined ? '' : ` Did you mean ${shown(near)}?`;
}

/** Levenshtein distance, with a swap of two neighbouring letters counted as one slip. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
