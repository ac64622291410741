import { shellQuote } from '../core/text/shell-quote.ts';
import { isNotariumError } from '../core/errors/notarium-error.ts';
import type { Notary } from '../core/notary.ts';
import { inBlock, type StoredRecord } from '../core/store/record.ts';
import { waitFor } from '../core/usecases/follow.ts';
import { isRegistered, type NotariseOutcome } from '../core/usecases/notarise.ts';
import { visibleName } from '../../preload/visible-text.ts';
import { recordName } from './record-name.ts';
import { middleEllipsis } from './format.ts';
import type { CliIo } from './io.ts';
import { command } from './invoked-as.ts';
import { counted } from '../../verifier/counted.ts';

/**
 * `notarise --wait`: every registration followed until it is deep enough, saying what it waits for.
 * On a terminal, one progress line, redrawn each second: how many are deep enough, the first still
 * waiting, its confirmations of the target and when the service is asked next. Elsewhere (a script,
 * a log), a line when the wait starts and one per registration that gets there: nothing per second.
 * Ctrl+C stops the wait, not the registrations: the command says so and how to follow them.
 */

export interface WaitResult {
  /** Ctrl+C (or SIGTERM) came before every registration was deep enough. */
  stopped: boolean;
}

export async function waitAll(
  notary: Notary,
  io: CliIo,
  outcomes: NotariseOutcome[],
  records: Map<string, StoredRecord>,
  confirmations?: number,
): Promise<WaitResult> {
  notary.startPoller();
  const waiting = outcomes.filter(isRegistered);
  if (waiting.length === 0) return { stopped: false };
  // Each profile's depth read once, before the wait: the lines that say it are drawn synchronously.
  const targets = new Map<string, number>();
  for (const { record } of waiting)
    if (!targets.has(record.profile)) targets.set(record.profile, (await notary.library.profiles.require(record.profile)).targetConfirmations);
  const depth = (r: StoredRecord) => confirmations ?? targets.get(r.profile)!;
  const reached = new Set<string>();
  const stop = new AbortController();
  const now = () => notary.context.now(); // the engine's clock, whose times nextCheckAt holds
  const shown = () => waiting.map((o) => records.get(o.path)!);
  // When each wait looks at its record itself (waitFor's onLook): the next answer comes at the
  // schedule's check or then, whichever is first, and the line counts down to that.
  const looks = new Map<number, number>();
  const due = (r: StoredRecord) => nextAnswerAt(r, looks.get(r.id));
  const draw = () => io.progress(waitLine(shown(), reached.size, depth, now(), io.progressWidth(), due));
  // Listening before the wait is announced: a Ctrl+C right after the words "Ctrl+C stops waiting"
  // must stop the wait, not meet the signal's default action and kill the process.
  let signalled = false;
  void io.waitForStopSignal().then(() => {
    signalled = true;
    stop.abort();
  });
  const ticker = io.errIsTTY ? countdown(draw, () => nextCheckOf(shown(), depth, due), now) : undefined;
  if (!ticker) {
    // Registrations, not files: a batch's files share one.
    const registrations = new Set(waiting.map((o) => o.record.id)).size;
    const what = registrations === 1 ? 'the registration is' : `the ${registrations} registrations are`;
    io.err(`Waiting until ${what} in a block with ${depthWords(confirmations)} (Ctrl+C stops waiting; what is registered stays registered).`);
  }
  try {
    // One wait per registration: a batch's files share theirs, each counted when it gets there.
    const byRegistration = new Map<number, typeof waiting>();
    for (const o of waiting) {
      const files = byRegistration.get(o.record.id);
      if (files) files.push(o);
      else byRegistration.set(o.record.id, [o]);
    }
    await Promise.all(
      [...byRegistration.values()].map(async (files) => {
        const o = files[0]!;
        const setAll = (r: StoredRecord) => files.forEach((f) => records.set(f.path, r));
        try {
          const reachedRecord = await waitFor(notary.context, notary.follower, o.record.txId!, {
            profile: o.record.profile,
            confirmations,
            signal: stop.signal,
            onUpdate: (r) => {
              setAll(r);
              ticker?.redraw(); // news (a check answered): said at once, not at the next second
            },
            onLook: (r, at) => {
              looks.set(r.id, at);
              ticker?.redraw();
            },
          });
          // Its receipts on disk before the command ends, whichever engine saw the block first.
          const record = await notary.ensureReceipts(reachedRecord);
          setAll(record);
          files.forEach((f) => reached.add(f.path));
          ticker?.redraw();
          if (!io.errIsTTY) io.err(`${recordName(record)}: ${reachedWords(record)}`);
        } catch (err) {
          if (!(stop.signal.aborted && isNotariumError(err, 'CANCELLED'))) throw err;
          setAll(notary.library.records.get(o.record.id) ?? records.get(o.path)!);
        }
      }),
    );
  } catch (err) {
    stop.abort(); // one wait failed: the others end too, instead of going on behind the error
    throw err;
  } finally {
    ticker?.stop();
    io.progress('');
  }
  return { stopped: signalled && reached.size < waiting.length };
}

/** Said after the table when Ctrl+C stopped the wait: the files are registered, and how to follow them. */
export function stoppedWords(records: StoredRecord[], env: NodeJS.ProcessEnv): string {
  const waiting = records.filter((r) => r.state !== 'confirmed' && r.state !== 'settled' && r.state !== 'failed' && r.state !== 'rejected');
  const first = waiting.find((r) => r.path) ?? records.find((r) => r.path);
  const follow = command(env, first?.path ? `wait ${visibleName(shellQuote(first.path))}` : 'wait <file>');
  return [
    `Stopped waiting. ${waiting.length === 1 ? 'The file is' : 'The files are'} registered: nothing is lost, the service keeps ${waiting.length === 1 ? 'the registration' : 'them'}.`,
    `Follow ${waiting.length === 1 ? 'it' : 'them'} with "${follow}" (it writes the receipt once the registration is in a block), "${command(env, 'status <file>')}", or "${command(env, 'watch')}" or the app, which write receipts as blocks come.`,
  ].join('\n');
}

function depthWords(confirmations: number | undefined): string {
  return confirmations === undefined ? "the profile's target confirmations" : counted(confirmations, 'confirmation');
}

function reachedWords(r: StoredRecord): string {
  if (r.state === 'failed' || r.state === 'rejected') return r.state;
  return `in a block, ${counted(r.confirmations, 'confirmation')}`;
}

/**
 * Draws now, then again each time the line's countdown changes: once a second down to the check,
 * and at the check's instant, when the line says it is checking (a ticker a second apart from an
 * arbitrary start would skip that instant, going from "1 s" straight to the next check's count).
 * While checking, or with no check ahead, once a second; `redraw` draws at once (an answer came).
 */
export function countdown(draw: () => void, dueAt: () => number | null, now: () => number): { redraw(): void; stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const redraw = (): void => {
    clearTimeout(timer);
    if (stopped) return;
    draw();
    const due = dueAt();
    const left = due === null ? 0 : due - now();
    // The next whole second the count reaches (`left` shows as ceil(left / 1000) s), or the check itself.
    timer = setTimeout(redraw, left > 0 ? left - (Math.ceil(left / 1000) - 1) * 1000 : 1000);
  };
  redraw();
  return {
    redraw,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * When this process learns a record's next state: at the schedule's check (`nextCheckAt`, asked
 * by this process's poller or another's), or when its wait looks itself (`lookAt`), if sooner.
 */
export function nextAnswerAt(r: StoredRecord, lookAt: number | undefined): number | null {
  if (lookAt === undefined) return r.nextCheckAt;
  return r.nextCheckAt === null ? lookAt : Math.min(r.nextCheckAt, lookAt);
}

/** The answer the line counts down to: the first registration still waiting's. */
function nextCheckOf(records: StoredRecord[], depth: (r: StoredRecord) => number, due: (r: StoredRecord) => number | null): number | null {
  const first = firstWaiting(records, depth);
  return first ? due(first) : null;
}

function firstWaiting(records: StoredRecord[], depth: (r: StoredRecord) => number): StoredRecord | undefined {
  return records.find((r) => r.state !== 'failed' && r.state !== 'rejected' && !(inBlock(r) && r.confirmations >= depth(r)));
}

/**
 * The progress line: `[confirmed/all]`, then the first registration still waiting and what it waits
 * for. Within `width` (a terminal's), what it waits for is read whole: the file name gives way in
 * its middle, and where that would leave too little of it, the shorter words are said.
 */
export function waitLine(
  records: StoredRecord[],
  reached: number,
  depth: (r: StoredRecord) => number,
  now: number,
  width = Infinity,
  due: (r: StoredRecord) => number | null = (r) => r.nextCheckAt,
): string {
  const head = `[${reached}/${records.length} confirmed]`;
  const next = firstWaiting(records, depth);
  if (!next) return head;
  const dueAt = due(next);
  const seconds = dueAt === null ? null : Math.ceil((dueAt - now) / 1000);
  const check = (short: boolean) => (seconds === null ? '' : seconds <= 0 ? '; checking now' : `; ${short ? 'check' : 'next check'} in ${seconds} s`);
  const said = (short: boolean) => `: ${waitingFor(next, depth(next), short)}${check(short)}`;
  // The name as the terminal shows it (escaped), measured in characters.
  const name = recordName(next);
  const room = (rest: string) => width - head.length - 1 - rest.length;
  const full = said(false);
  const rest = room(full) >= Math.min([...name].length, ROOMY_NAME_CHARS) ? full : said(true);
  return `${head} ${middleEllipsis(name, Math.max(room(rest), MIN_NAME_CHARS))}${rest}`;
}

/** Room for this much of a name keeps the full words; a name shorter than MIN tells nothing (the line is cut at its end instead). */
const ROOMY_NAME_CHARS = 24;
const MIN_NAME_CHARS = 8;

function waitingFor(r: StoredRecord, depth: number, short: boolean): string {
  if (r.state === 'queued') return short ? 'queued after its previous version' : "queued until the previous version's block";
  if (r.state === 'submitting') return short ? 'looking for it on the chain' : 'answer lost, looking for it on the chain';
  if (r.state === 'published') return short ? `no block yet (0 of ${depth})` : `waiting for a block, 0 of ${counted(depth, 'confirmation')}`;
  return `${r.confirmations} of ${counted(depth, 'confirmation')}`;
}
