/**
 * A test's time limit only catches a hang. Load slows every test without bound on a shared 2-core
 * machine (a 6 s fuzz file took 36 s beside other runs), so the one limit is far above any run of
 * theirs: it says "hung", never "slow" (speed belongs in bench/). What waits inside a test (a child
 * process run to its end, a wait for an event) gets half, so that its own failure says what it awaited.
 */
export const HANG_LIMIT_MS = 600_000;
export const INNER_WAIT_MS = HANG_LIMIT_MS / 2;
