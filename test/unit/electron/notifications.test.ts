import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as electron from './electron-mock.ts';
import { recordView } from '../../support/record-view.ts';

vi.mock('electron', () => import('./electron-mock.ts'));
const { Notifier, noticeFor, outcomeOf, showNotification } = await import('../../../main/electron/notifications.ts');

beforeEach(() => electron.resetElectron());

describe('outcomeOf', () => {
  it.each([
    ['published', 'confirmed', 'confirmed'],
    ['confirmed', 'settled', 'settled'],
    ['published', 'settled', 'settled'],
    ['submitting', 'failed', 'failed'],
    ['published', 'rejected', 'rejected'],
    ['confirmed', 'confirmed', null],
    ['submitting', 'published', null],
    [undefined, 'settled', null],
  ] as const)('%s → %s is %s', (before, state, outcome) => {
    expect(outcomeOf(before, recordView({ state }))).toBe(outcome);
  });
});

describe('the notifier', () => {
  const setup = () => {
    const shown: { title: string; body: string }[] = [];
    let fire: (() => void) | null = null;
    const notifier = new Notifier({ show: (n) => shown.push(n), setTimer: (fn) => (fire = fn) });
    return { notifier, shown, fire: () => fire?.() };
  };

  it('shows a batch as one notification per outcome', () => {
    const { notifier, shown, fire } = setup();
    notifier.seed([1, 2, 3, 4].map((id) => recordView({ id, state: 'published' })));
    for (const id of [1, 2, 3]) notifier.update(recordView({ id, state: 'confirmed' }));
    notifier.update(recordView({ id: 4, state: 'failed', lastError: 'The file could not be read.' }));
    expect(shown).toEqual([]);
    fire();
    expect(shown.map((n) => n.title)).toEqual(['3 files are notarised', '“report.pdf” could not be notarised']);
    expect(shown[1]!.body).toBe('The file could not be read.');
  });

  it('follows records first seen this session through their states', () => {
    const { notifier, shown, fire } = setup();
    notifier.update(recordView({ id: 7, state: 'submitting' }));
    notifier.update(recordView({ id: 7, state: 'published' }));
    notifier.update(recordView({ id: 7, state: 'rejected' }));
    fire();
    expect(shown.map((n) => n.title)).toEqual(['“report.pdf” was rejected']);
  });

  it('seeding does not overwrite a state seen since', () => {
    const { notifier, shown, fire } = setup();
    notifier.update(recordView({ id: 1, state: 'confirmed' }));
    notifier.seed([recordView({ id: 1, state: 'published' })]); // a stale page of results
    notifier.update(recordView({ id: 1, state: 'confirmed', confirmations: 2 }));
    fire();
    expect(shown).toEqual([]);
  });

  it('words every outcome for one and for many', () => {
    for (const outcome of ['confirmed', 'settled', 'failed', 'rejected'] as const) {
      expect(noticeFor(outcome, [recordView()]).title).toContain('“report.pdf”');
      expect(noticeFor(outcome, [recordView(), recordView({ id: 2 })]).title).toMatch(/^2 /);
    }
  });

  it('a native notification brings the window forward when clicked', () => {
    const onClick = vi.fn();
    showNotification({ title: 't', body: 'b' }, onClick);
    expect(electron.Notification.shown).toEqual([{ title: 't', body: 'b' }]);
    electron.Notification.instances[0]!.emit('click');
    expect(onClick).toHaveBeenCalledOnce();
  });
});
