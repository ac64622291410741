import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedFiles, ROOT } from '../../../scripts/docs-reference.ts';

// The command reference, the man page and the troubleshooting page's code tables are made from the
// CLI's own help and the error catalogue: a change to either that is not regenerated fails here.
describe('the generated documentation', () => {
  it('is what `npm run docs` makes of the code as it is now', async () => {
    for (const [path, expected] of await generatedFiles()) {
      expect(readFileSync(join(ROOT, path), 'utf8'), `${path} is out of date: run "npm run docs"`).toBe(expected);
    }
  });
});
