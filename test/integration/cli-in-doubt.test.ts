import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.ts';
import { startStrictService, type StrictService } from '../support/strict-service.ts';

// A write the service may have done although it failed (a 502 after writing): in doubt, the same
// sentence and the same exit code (3) from every command that writes.

const root = mkdtempSync(join(tmpdir(), 'notarium-cli-in-doubt-'));
const work = join(root, 'work');
let strict: StrictService;
const cli = (...args: string[]) => runCli(args, { env: strict.env, cwd: work });
const faults = (f: object) => strict.sandbox.json('/__sandbox/faults', { method: 'POST', body: JSON.stringify(f) });
const AFTER_502 = { errorRate: 1, errorStatus: 502, errorPhase: 'after' };
const CLEAR = { errorRate: 0, errorPhase: 'before' };
const MAY_EXIST = 'whether the service wrote it is unknown';

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  strict = await startStrictService(join(root, 'home'), { blockInterval: 0.2 });
});
afterAll(async () => {
  await strict.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('a write in doubt after a 502', () => {
  it('notarise: in-doubt, exit 3, saying the write may exist', async () => {
    writeFileSync(join(work, 'e.txt'), 'e\n');
    await faults(AFTER_502);
    const sent = await cli('notarise', 'e.txt');
    await faults(CLEAR);
    expect(sent.code).toBe(3);
    expect(sent.stdout).toMatch(/in-doubt +e\.txt/);
    expect(sent.stdout).toContain(MAY_EXIST);
  });

  it('version add: exit 3 with the same sentence, then settled from the chain when run again', async () => {
    for (const [name, content] of [
      ['g.txt', 'g 1\n'],
      ['g-2.txt', 'g 2\n'],
      ['g-3.txt', 'g 3\n'],
    ])
      writeFileSync(join(work, name!), content!);
    expect((await cli('notarise', 'g.txt', '--document', '--wait', '--confirmations', '1')).code).toBe(0);
    await faults(AFTER_502);
    const added = await cli('version', 'add', 'g-2.txt', '--of', 'g.txt');
    await faults(CLEAR);
    expect(added.code).toBe(3);
    expect(added.stderr).toContain(MAY_EXIST);
    // Run again once a block has come: the chain shows the write, which is settled from it.
    // (The strict service shows a successor only once it is in a block: mined here, not waited for.)
    await strict.sandbox.mine();
    const again = await cli('version', 'add', 'g-2.txt', '--of', 'g.txt');
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^Version 2 registered\./);
  });
});
