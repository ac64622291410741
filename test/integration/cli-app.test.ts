import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appCommand, LAUNCH_GRACE_MS } from '../../main/cli/commands/app.ts';
import type { CliIo } from '../../main/cli/io.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { call, launchApp, openBridge, tradeLaunch } from '../support/web-app.ts';

// `notarium app --no-open`: the web shell on the embedded sandbox, reached as the browser would.

const home = mkdtempSync(join(tmpdir(), 'notarium-app-cli-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('notarium app --no-open', () => {
  it('prints a one-time link on its own line; the bridge answers only a session traded from it', async () => {
    const { run, link } = await launchApp({ NOTARIUM_HOME: home, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '1' });
    try {
      const url = new URL(link);
      expect(url.pathname + url.search).toBe('/'); // the token is in the fragment: never sent, never logged
      const page = await fetch(url.origin + '/');
      expect(page.status).toBe(200); // the page itself holds no secret
      expect(await page.text()).toMatch(/<div id="app">/);
      await expect(openBridge({ origin: url.origin, secret: 'guess' })).rejects.toThrow(/403/);
      const session = await tradeLaunch(link);
      await expect(tradeLaunch(link)).rejects.toThrow(/403.*already used/);
      const ws = await openBridge(session);
      const answer = await call(ws, 1, 'listProfiles', []);
      expect(answer.value).toEqual([expect.objectContaining({ name: 'Sandbox', current: true })]);
      ws.close();
    } finally {
      run.child.kill('SIGTERM');
      expect((await run).code).toBe(0);
    }
  });
});

describe('notarium app, when the browser never shows the launch file', () => {
  /** The command in this process, its opener a stand-in (by default one that starts nothing) and its clock a manual one. */
  async function start(dataDir: string, opens = true) {
    const err: string[] = [];
    const opened: string[] = [];
    let stop = (): void => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const io: CliIo = {
      out: (line) => err.push(`stdout: ${line}`),
      err: (line) => err.push(line),
      env: { NOTARIUM_HOME: dataDir, NOTARIUM_SANDBOX_BLOCK_INTERVAL: '1', HOME: dataDir },
      errIsTTY: false,
      progress: () => undefined,
      progressWidth: () => 79,
      readStdin: () => Promise.resolve(''),
      interactive: false,
      ask: () => Promise.reject(new Error('No terminal here.')),
      waitForStopSignal: () => stopped,
    };
    const clock = new ManualClock();
    const exit = appCommand(['--web'], io, {
      open: (target) => (opened.push(target), Promise.resolve(opens)), // true: "started", and then nothing happens (a snap browser, an editor)
      timers: clock,
    });
    await expect.poll(() => err.some((l) => l.startsWith('Press Ctrl+C'))).toBe(true);
    return { err, opened, clock, exit, stop };
  }
  const reminder = /^If Notarium did not open in your browser, open this link: (http:\/\/127\.0\.0\.1:\d+\/#launch=[\w-]{43})$/;

  it('prints the one-time link on the terminal once the grace period passes without a session', async () => {
    const { err, opened, clock, exit, stop } = await start(join(home, 'never-opened'));
    expect(opened).toEqual([expect.stringMatching(/launch-[\w-]{22}\.html$/)]); // the file, never the link, on the command line
    expect(err.filter((l) => reminder.test(l))).toEqual([]);
    await clock.advance(LAUNCH_GRACE_MS - 1);
    expect(err.filter((l) => reminder.test(l))).toEqual([]);
    await clock.advance(1);
    const printed = err.filter((l) => reminder.test(l));
    expect(printed).toHaveLength(1);
    expect(err.filter((l) => l.startsWith('stdout:'))).toEqual([]);
    // The printed link works, once.
    const session = await tradeLaunch(reminder.exec(printed[0]!)![1]!);
    expect(session.secret).toMatch(/^[\w-]{43}$/);
    stop();
    expect(await exit).toBe(0);
  });

  it('prints the link at once, and claims nothing, when the opener failed (no browser on this machine)', async () => {
    const { err, clock, exit, stop } = await start(join(home, 'no-browser'), false);
    expect(err.filter((l) => /opening in your browser/.test(l))).toEqual([]);
    expect(err).toContain('Open this link in your browser (it works once):');
    const printed = err.filter((l) => l.startsWith('stdout: http://127.0.0.1:'));
    expect(printed).toHaveLength(1);
    await clock.advance(LAUNCH_GRACE_MS * 2);
    expect(err.filter((l) => reminder.test(l))).toEqual([]); // said once, not again as a reminder
    await tradeLaunch(printed[0]!.slice('stdout: '.length));
    stop();
    expect(await exit).toBe(0);
  });

  it('prints nothing more when the browser opened the launch file in time', async () => {
    const { err, opened, clock, exit, stop } = await start(join(home, 'opened'));
    // What a browser that can read the launch file does: follow it to the link, and trade the token.
    const link = /location\.replace\("([^"]+)"\)/.exec(readFileSync(opened[0]!, 'utf8'))![1]!;
    await tradeLaunch(link);
    await clock.advance(LAUNCH_GRACE_MS * 2);
    expect(err.filter((l) => reminder.test(l) || l.includes('#launch='))).toEqual([]);
    stop();
    expect(await exit).toBe(0);
  });
});
