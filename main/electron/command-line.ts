import { app } from 'electron';
import { isCommandLine } from '../cli/command-names.ts';

/**
 * The installed app's command line. `notarium <command> …` reaches this binary: the deb's
 * /usr/bin/notarium is a link to it, the scripts the macOS menu and the Windows installer put on
 * the PATH (build/cli/) call it. Packaged, the fuses forbid ELECTRON_RUN_AS_NODE, so the CLI runs
 * here, in the main process, on the app's own runtime and native modules and with no window: the
 * CLI bundle (dist/cli, packaged beside this one) with the arguments, then exit with its code. It
 * finds the data directory as the app does (core/app-paths.ts), so both share one library.
 * A launch without a command (none, `--verify`, files, Chromium's switches) is the desktop app's.
 */

const CLI_BUNDLE = new URL('../../cli/main.js', import.meta.url);

/** The arguments after the executable (and after the app's folder, when unpackaged). */
export function launchArguments(argv: readonly string[], defaultApp: boolean): string[] {
  return argv.slice(defaultApp ? 2 : 1);
}

/** Runs the command line when `args` ask for one (`notarium app` is the desktop app); false when they do not. */
export function runCommandLine(args: readonly string[]): false | Promise<never> {
  if (!isCommandLine(args) || args[0] === 'app') return false;
  app.dock?.hide();
  return (async () => {
    const cli = (await import(CLI_BUNDLE.href)) as { main(argv: string[]): Promise<number> };
    const code = await cli.main([...args]);
    // Everything written reaches the pipe or terminal before the process ends.
    await new Promise<void>((flushed) => process.stdout.write('', () => flushed()));
    app.exit(code);
    return new Promise<never>(() => {});
  })();
}
