import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { jsonCli, runCli } from './cli.ts';
import { startTestSandbox, type TestSandbox } from './sandbox-client.ts';

/**
 * Two people with a library each, on one sandbox, for the tests of what passes between them: a maker
 * who notarises in `made` (their commands answer JSON), and a receiver who is sent files in `loose`.
 * Started before the file's tests, stopped and removed after them; `sb`, `maker` and `receiver`
 * are there once the file's first `beforeAll` ran.
 */
export interface MakerAndReceiver {
  readonly root: string;
  readonly made: string;
  readonly loose: string;
  readonly sb: TestSandbox;
  readonly maker: NodeJS.ProcessEnv;
  readonly receiver: NodeJS.ProcessEnv;
  make: ReturnType<typeof jsonCli>;
  receive: (...args: string[]) => ReturnType<typeof runCli>;
  receiveJson: ReturnType<typeof jsonCli>;
}

export function makerAndReceiver(
  name: string,
  options: {
    /** The sandbox's block interval, told to both (unset: the sandbox's and the commands' own). */
    blockInterval?: number;
    /** The receiver's environment from the one it would have (both on the sandbox, its own home). */
    receiver?: (env: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
  } = {},
): MakerAndReceiver {
  const root = mkdtempSync(join(tmpdir(), `notarium-${name}-`));
  const made = join(root, 'made');
  const loose = join(root, 'loose');
  let sb: TestSandbox | undefined;
  let maker: NodeJS.ProcessEnv = {};
  let receiver: NodeJS.ProcessEnv = {};
  const receive = (...args: string[]) => runCli(args, { env: receiver, cwd: loose });
  beforeAll(async () => {
    const interval = options.blockInterval;
    sb = await startTestSandbox(interval === undefined ? {} : { blockInterval: interval });
    const common = {
      NOTARIUM_BASE_URL: sb.baseUrl,
      NOTARIUM_API_KEY: sb.apiKey,
      ...(interval === undefined ? {} : { NOTARIUM_SANDBOX_BLOCK_INTERVAL: String(interval) }),
    };
    maker = { ...common, NOTARIUM_HOME: join(root, 'maker-home') };
    const theirs = { ...common, NOTARIUM_HOME: join(root, 'receiver-home') };
    receiver = options.receiver?.(theirs) ?? theirs;
    for (const dir of [made, loose]) mkdirSync(dir, { recursive: true });
  });
  afterAll(async () => {
    await sb?.stop();
    rmSync(root, { recursive: true, force: true });
  });
  return {
    root,
    made,
    loose,
    get sb() {
      if (!sb) throw new Error('The sandbox starts in the first beforeAll.');
      return sb;
    },
    get maker() {
      return maker;
    },
    get receiver() {
      return receiver;
    },
    make: jsonCli((...args: string[]) => runCli(args, { env: maker, cwd: made })),
    receive,
    receiveJson: jsonCli(receive),
  };
}
