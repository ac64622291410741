/**
 * How many times this thread's event loop turned (a setImmediate chain) while `work` ran: none when
 * the work held the thread throughout. Tests bound it from below only (a few turns over a long
 * piece of work, a bound no load reaches); how long a turn takes is a benchmark's business.
 */
export async function turnsWhile(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let working = true;
  const turn = (): void => {
    if (!working) return;
    turns++;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await work();
  } finally {
    working = false;
  }
  return turns;
}
