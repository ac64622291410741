import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Ctrl+C under `npx notarium`: the terminal signals npm and the command alike, and npm forwards its
 * copy to the command, so a command that is stopping gets SIGINT again. It must finish stopping and
 * exit with its own code (3 for notarise --wait), not be killed by the repeat (130).
 */

const IO = resolve(import.meta.dirname, '../../../main/cli/io.ts');

// The process's real stop signal (processIo); then a stop that lasts until stdin ends, and exit 3.
// A timer stands for the command's work, which keeps it running: a signal listener does not, and
// without it the child would end at once (exit 13) unless the first SIGINT won the race.
const CHILD = `
const { processIo } = await import(${JSON.stringify(IO)});
setInterval(() => {}, 1 << 30);
const stopped = processIo().waitForStopSignal();
process.stderr.write('listening\\n');
await stopped;
process.stderr.write('stopping\\n');
process.stdin.resume();
process.stdin.on('end', () => process.exit(3));
`;

describe('the stop signal of a command', () => {
  it("a second SIGINT while it stops (npm forwarding the terminal's) is the same stop: the command ends with its own exit code", async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], { stdio: ['pipe', 'ignore', 'pipe'] });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on('exit', (code, signal) => done({ code, signal })));
    let said = '';
    // Waits for a word on stderr; a child that ends first fails the test with what it said, never hangs it.
    const saying = (word: string) =>
      Promise.race([
        new Promise<void>((done) => {
          const check = (): void => {
            if (!said.includes(word)) return;
            child.stderr.off('data', check);
            done();
          };
          child.stderr.on('data', check);
          check();
        }),
        exited.then((end) => Promise.reject(new Error(`the child ended (${JSON.stringify(end)}) before saying "${word}": ${said}`))),
      ]);
    child.stderr.on('data', (d: Buffer) => (said += String(d)));
    await saying('listening'); // a signal before it would meet the default action: killed
    child.kill('SIGINT');
    await saying('stopping');
    child.kill('SIGINT'); // npm's copy, while it stops
    child.stdin.end();
    expect(await exited).toEqual({ code: 3, signal: null });
  });
});
