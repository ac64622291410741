import { translator } from '../../../../preload/i18n/translator.ts';
import { describe, expect, it } from 'vitest';
import { Notifier, noticeFor, outcomeOf, receiptPlace } from '../../../../main/core/app/record-notices.ts';
import type { NoticeView } from '../../../../preload/contract.ts';
import { recordView } from '../../../support/record-view.ts';

// Which registrations deserve a notification, and its words: decided once, for both shells.

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
    const shown: NoticeView[] = [];
    let fire: (() => void) | null = null;
    const notifier = new Notifier({ show: (n) => shown.push(n), shell: 'electron', setTimer: (fn) => (fire = fn) });
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
    // A click opens the one record a notice is about; a notice about several opens the Library.
    expect(shown.map((n) => [n.outcome, n.recordId, n.tag])).toEqual([
      ['confirmed', null, 'notarium-confirmed-1-2-3'],
      ['failed', 4, 'notarium-failed-4'],
    ]);
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

  it('shows nothing once disposed (the service closed)', () => {
    const shown: NoticeView[] = [];
    let cleared: unknown = null;
    const timers = new Notifier({ show: (n) => shown.push(n), shell: 'electron', setTimer: () => 'timer', clearTimer: (t) => (cleared = t) });
    timers.seed([recordView({ id: 1, state: 'published' })]);
    timers.update(recordView({ id: 1, state: 'confirmed' }));
    timers.dispose();
    expect(cleared).toBe('timer');
    timers.flush(); // the timer, had it fired anyway
    expect(shown).toEqual([]);
  });

  it('in the language the page shows, its plural forms included', () => {
    const shown: string[] = [];
    const notifier = new Notifier({ show: (n) => shown.push(`${n.title} — ${n.body}`), shell: 'electron', words: () => translator('de') });
    notifier.seed([recordView({ id: 1, state: 'published' }), recordView({ id: 2, state: 'published' })]);
    notifier.update(recordView({ id: 1, state: 'confirmed', path: null, receiptPath: null }));
    notifier.update(recordView({ id: 2, state: 'confirmed', path: null, receiptPath: null }));
    notifier.flush();
    expect(shown).toEqual(['2 Dateien haben einen Zeitstempel — Die Registrierungen sind in einem Block; ihre Quittungen liegen in der Bibliothek.']);
    expect(noticeFor('rejected', [recordView()], 'web', translator('fr')).title).toBe('« report.pdf » a été refusé');
  });

  it('words every outcome for one and for many', () => {
    for (const outcome of ['confirmed', 'settled', 'failed', 'rejected'] as const) {
      expect(noticeFor(outcome, [recordView()], 'electron').title).toContain('“report.pdf”');
      expect(noticeFor(outcome, [recordView(), recordView({ id: 2 })], 'electron').title).toMatch(/^2 /);
    }
  });
});

describe('where a notice says the receipt is', () => {
  const beside = { state: 'confirmed', path: '/home/user/report.pdf', receiptPath: '/home/user/report.pdf.receipt.json' } as const;
  // The web shell's file was an upload: the record keeps no path, and no receipt is written beside it.
  const uploaded = { state: 'confirmed', path: null, receiptPath: null } as const;

  it('beside the file, where the desktop app wrote it', () => {
    expect(noticeFor('confirmed', [recordView(beside)], 'electron').body).toBe('Its registration is in a block; the receipt is saved beside the file.');
    expect(noticeFor('confirmed', [recordView(beside), recordView({ ...beside, id: 2 })], 'electron').body).toBe(
      'Their registrations are in a block; each receipt is saved beside its file.',
    );
  });

  it('in the Library, to download, for the web shell\'s uploads: never "next to the file"', () => {
    const notice = noticeFor('confirmed', [recordView(uploaded)], 'web');
    expect(notice.body).toBe('Its registration is in a block; the receipt is in the Library, to download.');
    expect(noticeFor('confirmed', [recordView(uploaded), recordView({ ...uploaded, id: 2 })], 'web').body).toBe(
      'Their registrations are in a block; their receipts are in the Library, to download.',
    );
  });

  it("in a watched folder's .notarium/, or only in the Library when none was written", () => {
    expect(receiptPlace([{ path: '/w/a.pdf', receiptPath: '/w/.notarium/a.pdf.receipt.json' }], 'electron')).toBe('folder');
    expect(noticeFor('confirmed', [recordView({ path: '/w/a.pdf', receiptPath: '/w/.notarium/a.pdf.receipt.json' })], 'electron').body).toBe(
      "Its registration is in a block; the receipt is saved in the file's folder.",
    );
    expect(receiptPlace([{ path: '/w/a.pdf', receiptPath: null }], 'electron')).toBe('library');
    // A watched folder in the web shell is the machine's own: its receipt is beside the file there too.
    expect(receiptPlace([beside], 'web')).toBe('beside');
  });
});
