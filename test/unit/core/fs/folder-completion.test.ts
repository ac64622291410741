import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { completeFolder, MAX_COMPLETIONS } from '../../../../main/core/fs/folder-completion.ts';

const root = mkdtempSync(join(tmpdir(), 'notarium-complete-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const home = join(root, 'home', 'ann');
for (const name of ['Contracts', 'Contacts', 'Photos', '.secret', '.config', join('Contracts', '2024')]) mkdirSync(join(home, name), { recursive: true });
writeFileSync(join(home, 'Contract notes.txt'), 'a file, not a folder');
const own = { home, uid: process.getuid!() };

describe('completeFolder', () => {
  it('lists the sub-folders that start with what is typed after the last separator, files left out', async () => {
    expect(await completeFolder(join(home, 'Con'), own)).toEqual([join(home, 'Contacts'), join(home, 'Contracts')]);
    expect(await completeFolder(join(home, 'Contracts') + sep, own)).toEqual([join(home, 'Contracts', '2024')]);
    expect(await completeFolder(join(home, 'x'), own)).toEqual([]);
  });

  it('lists hidden folders only once their dot is typed', async () => {
    expect(await completeFolder(home + sep, own)).toEqual(['Contacts', 'Contracts', 'Photos'].map((n) => join(home, n)));
    expect(await completeFolder(home + sep + '.', own)).toEqual([join(home, '.config'), join(home, '.secret')]);
  });

  it('reads ~ as the home folder, as a watched path does, and answers in the spelling typed', async () => {
    expect(await completeFolder('~/Con', own)).toEqual(['~/Contacts', '~/Contracts']);
    expect(await completeFolder('~', own)).toEqual(['~/Contacts', '~/Contracts', '~/Photos']);
    expect(await completeFolder('~/Contracts/', own)).toEqual(['~/Contracts/2024']);
  });

  it('above the home folder, shows only the way down to it', async () => {
    mkdirSync(join(root, 'home', 'bob'));
    expect(await completeFolder(join(root, 'home') + sep, own)).toEqual([home]);
    expect(await completeFolder(join(root, 'home', 'b'), own)).toEqual([]);
  });

  it("refuses another user's folder, a relative path and a missing folder, each with a sentence", async () => {
    await expect(completeFolder(join(home, 'Con'), { home, uid: process.getuid!() + 1 })).rejects.toThrow(/only your own folders/);
    await expect(completeFolder('Contracts', own)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/full path/) });
    await expect(completeFolder(join(home, 'Nope', 'a'), own)).rejects.toMatchObject({
      code: 'FILE_UNREADABLE',
      message: `${join(home, 'Nope')} cannot be listed: there is no such folder.`,
    });
  });

  it('without user ids (Windows), lists only under the home folder', async () => {
    expect(await completeFolder(join(home, 'Ph'), { home })).toEqual([join(home, 'Photos')]);
    mkdirSync(join(root, 'other'));
    await expect(completeFolder(join(root, 'other', 'x'), { home })).rejects.toThrow(/only your own folders/);
  });

  it(`answers at most ${MAX_COMPLETIONS} folders`, async () => {
    const many = join(home, 'many');
    for (let i = 0; i < MAX_COMPLETIONS + 5; i++) mkdirSync(join(many, `f${String(i).padStart(3, '0')}`), { recursive: true });
    expect(await completeFolder(many + sep, own)).toHaveLength(MAX_COMPLETIONS);
  });
});
