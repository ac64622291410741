import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { shellQuoteAll } from '../../main/core/text/shell-quote.ts';

/** Runs `notarium` as a user would: a child process (async, so an in-process sandbox keeps serving). */

export const BIN = join(resolve(import.meta.dirname, '../..'), 'bin/notarium.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliRun extends Promise<CliResult> {
  child: ChildProcess;
}

/** `user`: run as this uid and gid (the tests run as root, whom no permission stops: an unprivileged user meets the permission checks). */
export function runCli(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string; user?: number } = {}): CliRun {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(options.user === undefined ? {} : { uid: options.user, gid: options.user }),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(options.input ?? '');
  const done = new Promise<CliResult>((resolveRun) => child.on('close', (code) => resolveRun({ code, stdout, stderr }))) as CliRun;
  done.child = child;
  return done;
}

/**
 * Runs `notarium` in a real terminal (a pseudo-terminal from util-linux's script(1)), typing `input`:
 * what a person at a terminal sees. Its output is the terminal's, stdout and stderr together.
 */
export function runCliInTerminal(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string } = {},
): Promise<{ code: number | null; screen: string }> {
  const line = shellQuoteAll([process.execPath, BIN, ...args]);
  const child = spawn('script', ['-qec', line, '/dev/null'], { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  child.stdout.on('data', (d) => (screen += d));
  child.stderr.on('data', (d) => (screen += d));
  child.stdin.end(options.input ?? '');
  return new Promise((resolveRun) => child.on('close', (code) => resolveRun({ code, screen })));
}

/** `cli(...args, '--json')` with its standard output parsed; a run that printed no JSON fails with what it printed. */
export function jsonCli(cli: (...args: string[]) => Promise<CliResult>) {
  return async (...args: string[]) => {
    const r = await cli(...args, '--json');
    try {
      return { ...r, value: JSON.parse(r.stdout) };
    } catch {
      throw new Error(`not JSON (exit ${r.code}): ${r.stdout}\n${r.stderr}`);
    }
  };
}

/** `profile add`'s settings of a service profile on a test sandbox at `baseUrl`: its explorer, the sandbox network, one confirmation, a quick block time. */
export const sandboxProfileArgs = (baseUrl: string): string[] => [
  '--base-url',
  baseUrl,
  ...sandboxExplorerArgs(baseUrl),
  '--network',
  'sandbox',
  '--confirmations',
  '1',
  '--block-seconds',
  '0.5',
];

/** `profile add`'s explorer settings for a sandbox (or a proxy in front of one) at `baseUrl`. */
export const sandboxExplorerArgs = (baseUrl: string): string[] => [
  '--explorer-tx-url',
  `${baseUrl}/explorer/tx/{txId}/hex`,
  '--explorer-header-url',
  `${baseUrl}/explorer/block/{blockHash}/header`,
];
