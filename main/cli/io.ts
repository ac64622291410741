/** What a CLI command touches of the process, passed in so commands run in tests without one. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
  /** Resolves on SIGINT or SIGTERM (the first one). */
  waitForStopSignal(): Promise<void>;
}

export function processIo(): CliIo {
  return {
    out: (line) => process.stdout.write(line + '\n'),
    err: (line) => process.stderr.write(line + '\n'),
    env: process.env,
    waitForStopSignal: () =>
      new Promise((resolve) => {
        const stop = (): void => {
          process.off('SIGINT', stop).off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop).on('SIGTERM', stop);
      }),
  };
}
