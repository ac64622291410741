import type { TxRow } from '../chain/chain.ts';
import { ServiceProblem } from '../http/problem.ts';

/**
 * The life-cycle rule: what the service does with an update or delete whose predecessor is not yet
 * in a block. The real service calls such a request "undefined behaviour"; the version it writes is
 * never mined and the chain breaks (service-notes.md: Timing and life-cycle rules).
 * - `refuse`: 400 PREVIOUS_RECORD_NOT_MINED (a sandbox-only code), so users meet the rule at once;
 * - `never-mine`: accepted and never mined, as the real service may do;
 * - `allow`: accepted and mined in the predecessor's block or after it (kinder than any real chain).
 */
export const LIFECYCLES = ['refuse', 'never-mine', 'allow'] as const;
export type Lifecycle = (typeof LIFECYCLES)[number];

/** The default of startSandbox, `notarium sandbox` and the embedded sandbox. */
export const DEFAULT_LIFECYCLE: Lifecycle = 'refuse';

/**
 * Applies the rule to a write that spends `predecessor`'s output (undefined when the service did
 * not look it up: a token for a transaction it does not know). Returns whether the write will never
 * be mined; throws when it is refused. What spends a never-mined output is never mined either.
 */
export function spendsUnmined(lifecycle: Lifecycle, predecessor: TxRow | undefined): boolean {
  if (!predecessor || predecessor.block_height !== null) return false;
  if (lifecycle === 'refuse') {
    throw new ServiceProblem(
      400,
      'PREVIOUS_RECORD_NOT_MINED',
      'The record to update or finalise is not in a block yet, and the service only accepts this once it is: wait until its status has a confirmation, then send this again.',
    );
  }
  return lifecycle === 'never-mine' || predecessor.never_mined === 1;
}
