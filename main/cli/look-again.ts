import { duration } from '../../preload/duration.ts';
import { visibleName } from '../../preload/visible-text.ts';
import { checkGapMs, firstCheckAt } from '../core/poller/schedule.ts';
import type { Profile } from '../core/store/profiles.ts';
import { FOLLOWED_STATES, oursToSend, type StoredRecord } from '../core/store/record.ts';
import { shellQuote } from '../core/text/shell-quote.ts';
import { command } from './invoked-as.ts';
import { counted } from '../../verifier/counted.ts';

/**
 * For registrations on their way to their target depth: when to expect them in a block and settled
 * (the profile's block time and target confirmations), and when to look again with `status` (their
 * next check: before it, status gives the library's answer). One place says it, so `notarise`
 * (after its table) and `status` (after the record) say the same. Undefined when none is on its way.
 */
export function lookAgainWords(profile: Profile, records: StoredRecord[], now: number, env: NodeJS.ProcessEnv): string | undefined {
  // Only the library's own: when an imported receipt gets into a block is no promise of its profile's.
  const waiting = records.filter((r) => oursToSend(r) && FOLLOWED_STATES.includes(r.state) && (r.publishedAt !== null || r.nextCheckAt !== null));
  if (waiting.length === 0) return undefined;
  const block = checkGapMs(profile);
  const target = profile.targetConfirmations;
  const firstLook = Math.max(...waiting.map((r) => r.nextCheckAt ?? firstCheckAt(profile, r.publishedAt!))) - now;
  const file = waiting.length === 1 && waiting[0]!.path ? visibleName(shellQuote(waiting[0]!.path)) : '<file>';
  const wait = `or wait for it with \`${command(env, `wait ${file}`)}\``;
  const settled = `settled (${counted(target, 'confirmation')})`;
  const least = Math.min(...waiting.map((r) => (r.state === 'published' ? 0 : r.confirmations)));
  if (firstLook <= 0) {
    const due = least === 0 ? 'be in a block' : `have its ${counted(target, 'confirmation')}`;
    return `It should ${due} by now: look with \`${command(env, `status ${file}`)}\`, ${wait}.`;
  }
  // Settled is known at a check at the soonest: never said sooner than the look again below.
  const settledIn = (blocks: number) => duration(Math.max(blocks * block, firstLook) / 1000);
  const expected =
    least === 0
      ? `In a block within about ${duration(block / 1000)}, ${settled} within about ${settledIn(target)}.`
      : `In a block (${least} of ${counted(target, 'confirmation')}), ${settled} within about ${settledIn(Math.max(1, target - least))}.`;
  return [
    expected,
    `Look again in about ${duration(firstLook / 1000)} with \`${command(env, `status ${file}`)}\` (the service is asked once per block time), ${wait}.`,
  ].join('\n');
}
