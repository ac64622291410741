import { beforeEach, describe, expect, it } from 'vitest';
import type { DocumentView, FileRef } from '../../../preload/contract.ts';
import { DocumentsState } from '../../../renderer/screens/documents/documents.svelte.ts';
import { FakeBridge } from '../../support/fake-bridge.ts';
import { recordView } from '../../support/record-view.ts';

// The Documents screen's state over a bridge in memory: what became of each action, kept with the
// action (the screen shows it where the user acted), and no dropped file ever silently left out.

let fake: FakeBridge;
let state: DocumentsState;
let added: string[];

const policy: DocumentView = {
  id: 7,
  profile: 'Sandbox',
  name: 'policy.md',
  headTxId: '07'.repeat(32),
  finalised: false,
  finalising: false,
  versions: 1,
  updatedAt: 0,
  watchedFolder: null,
};
const file = (name: string): File => new File([name], name);

beforeEach(async () => {
  fake = new FakeBridge();
  added = [];
  fake.answers.set('documentHistory', async () => null);
  fake.answers.set('addVersion', async (_id: number, ref: FileRef) => {
    added.push(fake.nameOf(ref));
    return recordView({ id: 9, version: 2, documentId: policy.id });
  });
  state = new DocumentsState(fake.bridge, fake.refs);
  await state.select(policy.id);
});

describe('the Documents state', () => {
  it('refuses two files dropped as one new version, saying so beside "Add a version", and adds neither', async () => {
    await state.addVersion([file('policy-2.md'), file('policy-3.md')]);
    expect(added).toEqual([]);
    expect([state.at, state.error]).toEqual([
      'add',
      'Drop one file as the new version: 2 were dropped, and a version is one file. Add them one at a time, in order.',
    ]);
    await state.addVersion([file('policy-2.md')]);
    expect(added).toEqual(['policy-2.md']);
    expect([state.at, state.error, state.answer]).toEqual(['add', null, 'policy-2.md is registered as version 2.']);
  });

  it("keeps a refusal with the action it answers: the core's sentence where the file was dropped", async () => {
    fake.answers.set('addVersion', async () => {
      throw Object.assign(new Error('policy.md is already version 1 of "policy.md".'), { code: 'ALREADY_A_VERSION' });
    });
    await state.addVersion([file('policy.md')]);
    expect([state.at, state.error]).toEqual(['add', 'policy.md is already version 1 of "policy.md".']);
    await state.whichVersion([file('a.md'), file('b.md')]);
    expect([state.at, state.error]).toEqual(['which', 'Drop one file to identify: 2 were dropped.']);
  });

  it('answers "which version" after selecting the document the file belongs to (selecting clears answers)', async () => {
    const other: DocumentView = { ...policy, id: 8, name: 'plan.md', versions: 3 };
    fake.answers.set('whichVersion', async () => ({ document: other, version: 2, versions: 3 }));
    await state.whichVersion([file('plan-2.md')]);
    expect([state.selectedId, state.at, state.answer]).toEqual([8, 'which', 'plan-2.md is version 2 of 3 of "plan.md".']);
  });

  it('a finalisation not in a block yet is said to be on its way, not done', async () => {
    fake.answers.set('listDocuments', async () => [policy]);
    fake.answers.set('finaliseDocument', async () => recordView({ kind: 'linked-delete', state: 'published', documentId: policy.id }));
    await state.finalise();
    expect([state.at, state.answer]).toEqual(['finalise', 'The final record is sent: the document is final once it is in a block. No version can follow it.']);
    fake.answers.set('finaliseDocument', async () => recordView({ kind: 'linked-delete', state: 'confirmed', documentId: policy.id }));
    await state.finalise();
    expect(state.answer).toBe('The document is finalised: no version can follow.');
  });
});
