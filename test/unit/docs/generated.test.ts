import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_DOC, generatedFiles, ROOT } from '../../../scripts/docs-reference.ts';

// The command reference, the man page and the troubleshooting page's code tables are made from the
// CLI's own help and the error catalogue: a change to either that is not regenerated fails here.
describe('the generated documentation', () => {
  it('is what `npm run docs` makes of the code as it is now', async () => {
    for (const [path, expected] of await generatedFiles()) {
      expect(readFileSync(join(ROOT, path), 'utf8'), `${path} is out of date: run "npm run docs"`).toBe(expected);
    }
  });

  // A terminal of 100 columns, and the reference's own 100-column rule: the help is wrapped by hand.
  it('shows every command help in lines of at most 100 columns', async () => {
    const reference = new Map(await generatedFiles()).get(CLI_DOC)!;
    const helps = [...reference.matchAll(/^```text\n([\s\S]*?)^```$/gm)].flatMap((m) => m[1]!.split('\n'));
    expect(helps.length).toBeGreaterThan(100);
    expect(helps.filter((line) => [...line].length > 100)).toEqual([]);
  });
});
