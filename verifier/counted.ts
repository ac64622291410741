/**
 * A number and the noun it counts, singular for exactly one: "1 node", "2 nodes", "0 bytes". Here,
 * with no Node or DOM, so the CLI, the core's sentences, the verifier and the page count alike.
 */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
