import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shellQuote, shellQuoteAll } from '../../../../main/core/text/shell-quote.ts';

/** What a real POSIX shell makes of a command line: its words, NUL-separated by printf. */
function shellWords(line: string): string[] {
  const run = spawnSync('sh', ['-c', `printf '%s\\0' ${line}`], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split('\0').slice(0, -1);
}

describe('shellQuote', () => {
  it('leaves plain paths bare and quotes the rest', () => {
    expect(shellQuote('/opt/Notarium/notarium')).toBe('/opt/Notarium/notarium');
    expect(shellQuote('/opt/My App/notarium')).toBe("'/opt/My App/notarium'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote('')).toBe("''");
  });

  it('gives the shell back exactly the arguments, whatever they hold', () => {
    const awkward = ['/a b/c', "it's", 'say "hi"', '$HOME', '`id`', 'back\\slash', 'new\nline', '*', '-n', '100%', 'tab\there', '~user', 'a;b|c&d'];
    expect(shellWords(shellQuoteAll(awkward))).toEqual(awkward);
  });

  it('round-trips any argument without a NUL (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme', minLength: 0, maxLength: 12 }).filter((s) => !s.includes('\0')),
          { minLength: 1, maxLength: 4 },
        ),
        (args) => {
          expect(shellWords(shellQuoteAll(args))).toEqual(args);
        },
      ),
      { numRuns: 60 },
    );
  });
});
