import { embeddedSandboxDir } from '../../core/app-paths.ts';
import { EmbeddedSandbox } from '../../core/sandbox-host/embedded-sandbox.ts';
import { EXIT } from '../exit-codes.ts';
import { help } from '../help.ts';
import type { CliIo } from '../io.ts';
import { numberOption, parseCommand } from '../options.ts';

export const START_HELP = `Usage: notarium start [--block-interval S]

Runs the embedded sandbox of the Sandbox profile, with its data in the app data directory, until
Ctrl+C. Other notarium commands (and the app) use this running sandbox instead of starting their
own.`;

export const START_OPTIONS = { 'block-interval': { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

export async function startCommand(argv: string[], io: CliIo): Promise<number> {
  const { values: v } = parseCommand('start', argv, START_OPTIONS);
  if (v.help) return help(io, START_HELP);
  const dir = embeddedSandboxDir(io.env);
  const sandbox = new EmbeddedSandbox(dir, { blockInterval: numberOption('block-interval', v['block-interval'], 0.1, 86_400, false) ?? 10 });
  const endpoint = await sandbox.connect();
  if (!sandbox.hosting) {
    io.err(`notarium start: The embedded sandbox is already running in another Notarium process, at ${endpoint.baseUrl}.`);
    return EXIT.ERROR;
  }
  if (v.json) io.out(JSON.stringify({ ...endpoint, dataDir: dir }));
  else
    io.out(
      [
        'Notarium is running on the embedded sandbox.',
        `  Base URL:  ${endpoint.baseUrl}`,
        `  Auth URL:  ${endpoint.authUrl}`,
        `  Env id:    ${endpoint.envId}`,
        `  API key:   ${endpoint.apiKey}`,
        `  Data:      ${dir}`,
        'Other notarium commands use it while it runs. Press Ctrl+C to stop.',
      ].join('\n'),
    );
  await io.waitForStopSignal();
  await sandbox.stop();
  io.err('Sandbox stopped.');
  return EXIT.OK;
}
