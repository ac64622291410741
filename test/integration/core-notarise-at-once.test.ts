import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Library } from '../../main/core/store/library.ts';
import type { NotaryContext } from '../../main/core/usecases/context.ts';
import { notarise } from '../../main/core/usecases/notarise.ts';
import { engineOnClock } from '../support/engine-clock.ts';
import { ManualClock } from '../support/manual-clock.ts';

// The look for a content's registrations and the write it decides (register, or not) are one
// synchronous step, the profiles' networks being read before the look: two notarisations of one
// content at once in one process register it once. The two are held where they read the profiles
// until both are there, so that they reach the look one turn apart: an `await` between the look
// and the write would let both look before either writes.

const root = mkdtempSync(join(tmpdir(), 'notarium-at-once-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The library, whose profiles are listed to nobody until `callers` have asked. */
function listedTogether(library: Library, callers: number): Library {
  let arrived = 0;
  let release!: () => void;
  const together = new Promise<void>((resolve) => (release = resolve));
  const list = async () => {
    const profiles = await library.profiles.list();
    if (++arrived === callers) release();
    await together;
    return profiles;
  };
  const profiles = new Proxy(library.profiles, { get: (table, key) => (key === 'list' ? list : Reflect.get(table, key)) });
  return new Proxy(library, { get: (target, key) => (key === 'profiles' ? profiles : Reflect.get(target, key)) });
}

it('two notarisations of one content at once in one process register it once', async () => {
  const clock = new ManualClock();
  const { notary, sandbox } = await engineOnClock(clock, join(root, 'home'), { name: 'Service', network: 'sandbox', expectedBlockSeconds: 10 });
  try {
    const path = join(root, 'contract.pdf');
    writeFileSync(path, 'the same content\n');
    const ctx: NotaryContext = { ...notary.context, library: listedTogether(notary.library, 2) };
    const outcomes = (await Promise.all([notarise(ctx, [path], { batch: false }), notarise(ctx, [path], { batch: false })])).flat();
    // The second finds the first's registration under way and takes it: one registration.
    expect(outcomes.filter((o) => o.status === 'registered')).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.record?.id)).size).toBe(1);
    expect(notary.library.records.bySha256(outcomes[0]!.record!.sha256!)).toHaveLength(1);
  } finally {
    await notary.close();
    await sandbox.stop();
  }
});
