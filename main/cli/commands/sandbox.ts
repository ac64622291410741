import {
  behaviourOf,
  DEFAULT_LIFECYCLE,
  FEATURES,
  LAYOUTS,
  LIFECYCLES,
  startSandbox,
  STRICT_BEHAVIOUR,
  TOKEN_PLACEMENTS,
  CHAIN_INDEXES,
  EXPLORER_STYLES,
  type SandboxOptions,
} from '../../../sandbox/index.ts';
import { help } from '../help.ts';
import type { CliIo } from '../io.ts';
import { choiceOption, numberOption, parseCommand } from '../options.ts';
import { UsageError } from '../usage-error.ts';

export const SANDBOX_HELP = `Usage: notarium sandbox [options]

Runs the sandbox: the record service, the identity service and a simulated chain on loopback.

Options:
  --port N              port to listen on (default 0: a free port)
  --host ADDR           loopback address to listen on (default 127.0.0.1)
  --block-interval S    seconds between blocks (default 10, at least 0.1; 0: only on
                        POST /__sandbox/mine)
  --data DIR            keep chain, records and identity state in DIR (default: in memory)
  --api-key KEY         the x-api-key to accept (default: generated; kept in --data)
  --env-id ID           identity environment id in identity paths (default sandbox)
  --body-limit BYTES    request body limit (default 1048576)
  --encoders LIST       allowed encoders, comma-separated (default SHA256,Base64)
  --salt-required       SHA256 must carry a salt argument
  --sha256-required     a SHA256 step is mandatory
  --disable LIST        answer these features as an unknown txId would: linked, match, navigate
  --never-mine-rate R   share of accepted writes never mined, 0 to 1 (default 0)

Where the service's documentation allows more than one reading (strict value in brackets):
  --strict              the least kind reading for every setting below not given explicitly
  --lifecycle L         an update or delete before its predecessor is mined: refuse, never-mine
                        or allow (default ${DEFAULT_LIFECYCLE}) [${STRICT_BEHAVIOUR.lifecycle}]
  --idempotency I       Idempotency-Key: honour (default) or ignore [${STRICT_BEHAVIOUR.idempotency}]
  --spelling S          JSON key spelling: reference (default) or guides [${STRICT_BEHAVIOUR.responseSpelling}]
  --layout L            the record on chain: separate (default), shared-output or shared-push
                        [${STRICT_BEHAVIOUR.layout}]
  --navigate-max N      largest |links| for navigate (default 100) [${STRICT_BEHAVIOUR.navigateMax}]
  --delete-answer A     a delete's 200: txid (default) or empty [${STRICT_BEHAVIOUR.deleteAnswer}]
  --error-codes E       error code spellings: reference (default) or troubleshooting
                        [${STRICT_BEHAVIOUR.errorCodes}]
  --token-placement P   the update token in the query: either (default), as-issued or
                        encoded-once [${STRICT_BEHAVIOUR.tokenPlacement}]
  --chain-index I       what navigate and updatable see after a linked record: accepted (default)
                        or mined (an unmined successor is invisible) [${STRICT_BEHAVIOUR.chainIndex}]
  --proof-target T      what a Merkle proof's target holds: header (default, the documentation's
                        example), hash (the TSC default) or merkleRoot [${STRICT_BEHAVIOUR.proofTarget}]
  --explorer-style E    the explorer's shapes: sandbox (default: headers as hex) or whatsonchain
                        (headers only as JSON, block lookup at /explorer/block/hash/{hash})
                        [${STRICT_BEHAVIOUR.explorerStyle}]
  --explorer-rate N     requests a second the explorer's API answers; beyond, 429 without
                        Retry-After (default 0: no limit) [${STRICT_BEHAVIOUR.explorerRate}]
  --publishing-seconds S
                        seconds after a write during which its status answers 404, "still
                        publishing" (default 0) [${STRICT_BEHAVIOUR.publishingSeconds}]
  --content-required    a write or update without a body is refused: CONTENT_IS_REQUIRED
                        [${STRICT_BEHAVIOUR.contentRequired ? 'on' : 'off'}]
  --identity-fields F   the identity portal's JSON bodies: lenient (default) or documented-only
                        (a field it does not document is refused, 400) [${STRICT_BEHAVIOUR.identityFields}]
  --reorg-rate R        share of scheduled blocks followed by a reorganisation of the tip, 0 to 1
                        (default 0; random, so not turned on by --strict); POST /__sandbox/reorg
                        makes one now
  --reorg-remine W      where a reorganisation leaves the orphaned blocks' transactions: at-once
                        (default: mined again in the new branch) or mempool (in no block until a
                        later block) [${STRICT_BEHAVIOUR.reorgRemine}]

  --json                print the connection details as one JSON line
  --verbose             log one line per request on stderr (never headers or queries)
  -h, --help            show this help`;

export const SANDBOX_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'block-interval': { type: 'string' },
  data: { type: 'string' },
  'api-key': { type: 'string' },
  'env-id': { type: 'string' },
  'body-limit': { type: 'string' },
  'navigate-max': { type: 'string' },
  encoders: { type: 'string' },
  'salt-required': { type: 'boolean' },
  'sha256-required': { type: 'boolean' },
  'proof-target': { type: 'string' },
  disable: { type: 'string' },
  'never-mine-rate': { type: 'string' },
  strict: { type: 'boolean' },
  lifecycle: { type: 'string' },
  idempotency: { type: 'string' },
  spelling: { type: 'string' },
  layout: { type: 'string' },
  'delete-answer': { type: 'string' },
  'error-codes': { type: 'string' },
  'token-placement': { type: 'string' },
  'chain-index': { type: 'string' },
  'explorer-style': { type: 'string' },
  'explorer-rate': { type: 'string' },
  'publishing-seconds': { type: 'string' },
  'content-required': { type: 'boolean' },
  'identity-fields': { type: 'string' },
  'reorg-rate': { type: 'string' },
  'reorg-remine': { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function sandboxOptionsFrom(argv: string[]): { options: SandboxOptions; json: boolean; verbose: boolean; help: boolean } {
  const { values: v } = parseCommand('sandbox', argv, SANDBOX_OPTIONS);
  const blockInterval = numberOption('block-interval', v['block-interval'], 0, 86_400, false);
  if (blockInterval !== undefined && blockInterval > 0 && blockInterval < 0.1) {
    throw new UsageError('--block-interval must be 0 (mine on demand) or at least 0.1 seconds.');
  }
  const encoders = v.encoders?.split(',').map((e) => choiceOption('encoders', e.trim(), ['SHA256', 'Base64'] as const)!);
  const disable = v.disable?.split(',').map((f) => choiceOption('disable', f.trim(), FEATURES)!);
  const neverMineRate = numberOption('never-mine-rate', v['never-mine-rate'], 0, 1, false);
  return {
    json: v.json ?? false,
    verbose: v.verbose ?? false,
    help: v.help ?? false,
    options: {
      port: numberOption('port', v.port, 0, 65_535),
      host: v.host,
      blockInterval,
      dataDir: v.data,
      apiKey: v['api-key'],
      envId: v['env-id'],
      bodyLimit: numberOption('body-limit', v['body-limit'], 1, 2 ** 31),
      navigateMax: numberOption('navigate-max', v['navigate-max'], 1, 2 ** 31 - 1),
      encoders,
      saltRequired: v['salt-required'],
      sha256Required: v['sha256-required'],
      proofTarget: choiceOption('proof-target', v['proof-target'], ['header', 'hash', 'merkleRoot'] as const),
      disable,
      faults: neverMineRate === undefined ? undefined : { neverMineRate },
      strict: v.strict,
      // Unset, the life-cycle rule is DEFAULT_LIFECYCLE (strict: never-mine), as for every sandbox.
      lifecycle: choiceOption('lifecycle', v.lifecycle, LIFECYCLES),
      idempotency: choiceOption('idempotency', v.idempotency, ['honour', 'ignore'] as const),
      responseSpelling: choiceOption('spelling', v.spelling, ['reference', 'guides'] as const),
      layout: choiceOption('layout', v.layout, LAYOUTS),
      deleteAnswer: choiceOption('delete-answer', v['delete-answer'], ['txid', 'empty'] as const),
      errorCodes: choiceOption('error-codes', v['error-codes'], ['reference', 'troubleshooting'] as const),
      tokenPlacement: choiceOption('token-placement', v['token-placement'], TOKEN_PLACEMENTS),
      chainIndex: choiceOption('chain-index', v['chain-index'], CHAIN_INDEXES),
      explorerStyle: choiceOption('explorer-style', v['explorer-style'], EXPLORER_STYLES),
      explorerRate: numberOption('explorer-rate', v['explorer-rate'], 0, 10_000),
      publishingSeconds: numberOption('publishing-seconds', v['publishing-seconds'], 0, 86_400, false),
      contentRequired: v['content-required'],
      identityFields: choiceOption('identity-fields', v['identity-fields'], ['lenient', 'documented-only'] as const),
      reorgRate: numberOption('reorg-rate', v['reorg-rate'], 0, 1, false),
      reorgRemine: choiceOption('reorg-remine', v['reorg-remine'], ['at-once', 'mempool'] as const),
    },
  };
}

export async function sandboxCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = sandboxOptionsFrom(argv);
  if (parsed.help) return help(io, SANDBOX_HELP);
  const options: SandboxOptions = withoutUndefined(parsed.options);
  if (parsed.verbose) options.log = (line) => io.err(line);
  let sandbox;
  try {
    sandbox = await startSandbox(options);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`Port ${options.port} is already in use: choose another with --port, or --port 0 for a free one.`);
    throw err;
  }
  const interval = options.blockInterval ?? 10;
  // The explorer a profile names to fetch evidence from this sandbox, in the style it serves.
  const explorerApi = `${sandbox.baseUrl}/explorer`;
  const explorerArgs =
    behaviourOf(options).explorerStyle === 'whatsonchain'
      ? `--explorer whatsonchain --explorer-api ${explorerApi}`
      : `--explorer-tx-url '${explorerApi}/tx/{txId}/hex' --explorer-header-url '${explorerApi}/block/{blockHash}/header'`;
  if (parsed.json) {
    io.out(
      JSON.stringify({
        baseUrl: sandbox.baseUrl,
        authUrl: sandbox.authUrl,
        envId: sandbox.envId,
        apiKey: sandbox.apiKey,
        blockInterval: interval,
        dataDir: options.dataDir ?? null,
        explorerApi,
      }),
    );
  } else {
    io.out(
      [
        'Notarium sandbox is running.',
        `  Base URL:  ${sandbox.baseUrl}`,
        `  Auth URL:  ${sandbox.authUrl}`,
        `  Env id:    ${sandbox.envId}`,
        `  API key:   ${sandbox.apiKey}`,
        `  Blocks:    ${interval > 0 ? `every ${interval} s` : 'on demand only'} (POST /__sandbox/mine mines one now)`,
        `  Explorer:  ${explorerApi} (for a profile: ${explorerArgs})`,
        `  Readings:  ${options.strict ? 'strict (the least kind reading of the service documentation)' : 'default'}`,
        `  Data:      ${options.dataDir ?? 'in memory (use --data DIR to keep it)'}`,
        'Press Ctrl+C to stop.',
      ].join('\n'),
    );
  }
  await io.waitForStopSignal();
  await sandbox.stop();
  io.err('Sandbox stopped.');
  return 0;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
