import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { app, net } from 'electron';
import { HELP_ARGS, isCommandLine, VERSION_ARGS } from '../cli/command-names.ts';
import { netRequestFetch } from './net-request-fetch.ts';

/**
 * The installed app's command line. `notarium <command> …` reaches this binary through the
 * launcher of its platform (build/launcher/: on Linux the deb's /usr/bin/notarium and the
 * AppImage's AppRun both run it; the scripts the macOS menu and the Windows installer put on the
 * PATH). Packaged, the fuses forbid ELECTRON_RUN_AS_NODE, so the CLI runs here, in the main
 * process, on the app's own runtime and native modules and with no window: the CLI bundle
 * (dist/cli, packaged beside this one) with the arguments, then exit with its code. It finds the
 * data directory as the app does (core/app-paths.ts), so both share one library.
 * A launch without a command (none, `--verify`, files, Chromium's switches) is the desktop app's.
 */

const CLI_BUNDLE = new URL('../../cli/main.js', import.meta.url);

/**
 * Chromium's switches put before the user's words by whatever started the binary (AppRun adds
 * `--no-sandbox` where user namespaces are restricted; the Linux launcher adds the headless ones):
 * not the command's. Notarium's own leading words (`--help`, `--version`) and `--verify`, which
 * asks for the desktop app, end them.
 */
function isLeadingSwitch(arg: string): boolean {
  return arg.startsWith('--') && ![...HELP_ARGS, ...VERSION_ARGS].includes(arg) && !arg.startsWith('--verify');
}

/** The arguments after the executable (and after the app's folder, when unpackaged) and the launchers' switches. */
export function launchArguments(argv: readonly string[], defaultApp: boolean): string[] {
  const args = argv.slice(defaultApp ? 2 : 1);
  const first = args.findIndex((arg) => !isLeadingSwitch(arg));
  return first === -1 ? [] : args.slice(first);
}

/** Runs the command line when `args` ask for one (`notarium app` is the desktop app); false when they do not. */
export function runCommandLine(args: readonly string[]): false | Promise<never> {
  if (!isCommandLine(args) || args[0] === 'app') return false;
  app.dock?.hide();
  // Before ready, or they do nothing: a command starts no GPU process, and keeps Chromium's
  // profile (cookies, caches, Local State) apart from the app's, in a folder of its own that is
  // gone when it ends, so two commands, or a command beside the running app, never share one.
  app.disableHardwareAcceleration();
  const session = mkdtempSync(join(tmpdir(), 'notarium-command-'));
  app.setPath('userData', session);
  app.setPath('sessionData', session);
  return (async () => {
    await app.whenReady();
    // Every HTTP client of the CLI (the services, the identity portal's keys, block lookups)
    // reaches the network through Chromium's stack, as the app's engine does: the system's proxy
    // and certificate store, which Node's fetch ignores (and the fuses leave no
    // NODE_EXTRA_CA_CERTS).
    const viaNet = netRequestFetch(net);
    globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => viaNet(input instanceof Request ? input.url : String(input), init ?? {});
    const cli = (await import(CLI_BUNDLE.href)) as { main(argv: string[]): Promise<number> };
    const code = await cli.main([...args]);
    // Everything written reaches the pipe or terminal before the process ends.
    await new Promise<void>((flushed) => process.stdout.write('', () => flushed()));
    rmSync(session, { recursive: true, force: true });
    app.exit(code);
    return new Promise<never>(() => {});
  })();
}
