import { Library } from '../../core/store/library.ts';
import { appDataDir } from '../../core/app-paths.ts';
import { sameServiceUrl, type Profile, type ProfileInput } from '../../core/store/profiles.ts';
import { profileNetworkWords } from '../../../preload/network-labels.ts';
import { EXPLORER_PRESETS, explorerPreset, presetOf } from '../../../preload/explorer-presets.ts';
import { EXIT } from '../exit-codes.ts';
import { table } from '../format.ts';
import { help } from '../help.ts';
import { command } from '../invoked-as.ts';
import type { CliIo } from '../io.ts';
import { choiceOption, numberOption, parseSubcommand, requirePositionals, subcommandOf } from '../options.ts';
import { withNotary } from '../session.ts';
import { isNotariumError } from '../../core/errors/notarium-error.ts';
import { apiKeyAccount, KEYCHAIN_SERVICE, refreshTokenAccount } from '../../core/secrets/accounts.ts';
import { libraryAccount } from '../../core/secrets/library-secrets.ts';
import { removeProfile } from '../../core/usecases/profiles.ts';
import { shellQuote } from '../../core/text/shell-quote.ts';
import { visibleName } from '../../../preload/visible-text.ts';
import { UsageError } from '../usage-error.ts';

export const PROFILE_HELP = `Usage:
  notarium profile list [--json]
  notarium profile add <name> --base-url URL [options]   add a service profile, or change the
                                                         settings given
  notarium profile use <name>                            make it the current profile
  notarium profile remove <name> [--yes]                 remove it, with its API key and sign-in
                                                         (from the keychain); asks first on a
                                                         terminal, --yes elsewhere (a script)

Options of add:
  --auth-url URL            identity service address
  --env-id ID               identity environment id
  --authorize-url URL       sign-in page of the identity portal
  --client-id ID            OAuth client id
  --issuer ISS              expected access-token issuer (default {auth-url}/products/web/{env-id})
  --audience AUD            expected access-token audience (default the client id)
  --explorer NAME           fill the four explorer templates below for the profile's network:
                            whatsonchain (mainnet or testnet); templates given as well win
  --explorer-api URL        with --explorer: its API at another address (a mirror, a proxy, a
                            local chain in its shape), e.g. https://api.whatsonchain.com/v1/bsv/main
  --explorer-tx-url T       raw transaction hex, with {txId}
  --explorer-header-url T   block header, with {blockHash}: 160 hex, or JSON as getblockheader
                            answers (rebuilt and checked against the hash); not needed when the
                            service's proofs target the header itself
  --explorer-link-url T     a transaction page for people, with {txId}
  --explorer-block-url T    a block lookup, with {blockHash}: JSON with the block's height and
                            confirmations (-1 off the best chain), as WhatsOnChain's
                            https://api.whatsonchain.com/v1/bsv/main/block/hash/{blockHash};
                            verification asks it whether a receipt's block is on the best chain
  --network NAME            the chain the service writes to, as receipts name it: mainnet,
                            testnet, stn, regtest or sandbox; it decides how a receipt's proof of
                            work is judged. "detect" (a new profile's default) reads it from the
                            first confirmed block header of the service; a profile added before
                            keeps its network unless this is given
  --confirmations N         target confirmations (default 6)
  --block-seconds S         expected time between blocks (default 600); status checks ask about a
                            registration at most once per this time, as the service allows
  --reject-after S          give up after S seconds of "unknown" (default 7200)
  --resubmit-after S        send a registration again when it is still not in a block S seconds
                            after it was published (default 3600, the service's documented hour)
  --idempotent-writes       the service honours Idempotency-Key

API keys are not profile settings: set them with "notarium key set --profile <name>". A key is sent
only to the --base-url it was set for: give a profile another --base-url and set its key again.`;

const ADD_OPTIONS = {
  'base-url': { type: 'string' },
  'auth-url': { type: 'string' },
  'env-id': { type: 'string' },
  'authorize-url': { type: 'string' },
  'client-id': { type: 'string' },
  issuer: { type: 'string' },
  audience: { type: 'string' },
  explorer: { type: 'string' },
  'explorer-api': { type: 'string' },
  'explorer-tx-url': { type: 'string' },
  'explorer-header-url': { type: 'string' },
  'explorer-link-url': { type: 'string' },
  'explorer-block-url': { type: 'string' },
  network: { type: 'string' },
  confirmations: { type: 'string' },
  'block-seconds': { type: 'string' },
  'reject-after': { type: 'string' },
  'resubmit-after': { type: 'string' },
  'idempotent-writes': { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const PLAIN_OPTIONS = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;
/** `profile`'s subcommands and the options each takes: only add takes a profile's settings; remove also takes --yes. */
export const PROFILE_SUBCOMMANDS = {
  list: PLAIN_OPTIONS,
  add: ADD_OPTIONS,
  use: PLAIN_OPTIONS,
  remove: { ...PLAIN_OPTIONS, yes: { type: 'boolean', short: 'y' } },
} as const;

/** The templates `--explorer` fills (the ones given one by one win: they come after). */
function presetTemplates(name: string | undefined, apiBase: string | undefined, network: string | null | undefined): Partial<ProfileInput> {
  if (name === undefined) {
    if (apiBase !== undefined) throw new UsageError('--explorer-api goes with --explorer NAME (the shape its API answers in).', 'profile add');
    return {};
  }
  const preset = explorerPreset(choiceOption('explorer', name, EXPLORER_PRESETS)!, network?.toLowerCase(), apiBase);
  if (typeof preset === 'string') throw new UsageError(`${preset} (--explorer-api URL).`, 'profile add');
  return preset;
}

/**
 * A profile whose network changes, its explorer templates left as they were: the preset they were
 * filled from, to fill them again for the new network (as the app's form does); templates of its
 * own are refused, since they would point at the old network's explorer (a profile that had none,
 * detecting it, keeps them).
 */
function refilled(existing: Profile | undefined, given: Partial<ProfileInput>): string | undefined {
  const network = given.network?.toLowerCase();
  if (!existing || network === undefined || network === existing.network?.toLowerCase()) return undefined;
  if (given.explorerTxUrl !== undefined || given.explorerHeaderUrl !== undefined || existing.explorerTxUrl === null) return undefined;
  const filled = presetOf(existing);
  if (filled) return filled.preset;
  // A profile that had no network yet (it was detecting): its templates are for no other network.
  if (existing.network === null) return undefined;
  throw new UsageError(
    `Profile "${existing.name}" has explorer templates of its own (${existing.explorerTxUrl}), which may be for its old network (${existing.network ?? 'none'}): give them for ${network} with the network (--explorer NAME, or --explorer-tx-url and --explorer-header-url).`,
    'profile add',
  );
}

/** The network as `profile add` reports it: a profile that detects says so, then where it read it. */
function networkWords(p: Profile): string {
  if (p.networkSource === 'set') return p.network ?? '';
  return p.network === null ? 'detect, from the first confirmed block header of its service' : `${p.network}, detected from block ${p.networkDetectedFrom}`;
}

/**
 * Receipts held because the profile's network and their blocks disagreed: written now if the label
 * fits (the one case where saving a profile needs the engine: receipts go where the engine puts them).
 */
async function writeHeldReceipts(io: CliIo, name: string): Promise<void> {
  const { released, left } = await withNotary(io, async (notary) => ({
    released: await notary.writeHeldReceipts(name),
    left: notary.library.records.heldReceipts(name).length,
  }));
  for (const r of released)
    io.err(
      r.receiptPath
        ? `Receipt written: ${visibleName(r.receiptPath)}`
        : `${visibleName(r.name)}: its receipt is no longer held: write it with "notarium receipt export".`,
    );
  if (left > 0)
    io.err(`${left} receipt${left === 1 ? ' is' : 's are'} still held: their blocks do not fit this network either ("notarium status <file>" says why).`);
}

/**
 * Whether the person at the terminal wants the profile removed: what goes is said first, and only
 * "y" or "yes" removes it. Not on a terminal (a script, a pipe) nobody can answer: --yes is needed.
 */
async function confirmRemoval(io: CliIo, name: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  const what = `Removing the profile "${name}" deletes its API key and sign-in from the system keychain`;
  if (!io.interactive)
    throw new UsageError(`${what}, so it asks first, and no one can answer here (standard input is not a terminal): add --yes to remove it.`, 'profile remove');
  const answer = await io.ask(`${what}; adding it again means entering the key and signing in again. Remove it? [y/N] `);
  return /^\s*y(es)?\s*$/i.test(answer);
}

/**
 * Removes the profile and its secrets (profiles.ts), saying what went; a keychain that cannot answer
 * leaves them, and that is said. A profile its records keep is refused before anything is asked.
 */
async function removeCommand(io: CliIo, library: Library, name: string, yes: boolean): Promise<number> {
  const refusal = await library.profiles.removalRefusal(name);
  if (refusal) throw refusal;
  if (!(await confirmRemoval(io, name, yes))) {
    io.err(`The profile "${name}" was not removed.`);
    return EXIT.MISMATCH;
  }
  return withNotary(io, async (notary) => {
    try {
      const removed = await removeProfile(notary.context, notary.secrets, name);
      const secrets = [removed.apiKey && 'its API key', removed.signIn && 'its sign-in'].filter(Boolean).join(' and ');
      io.out(
        `Profile "${name}" removed${secrets ? `, and ${secrets} deleted from the system keychain` : '; the system keychain held no API key or sign-in for it'}.`,
      );
      return EXIT.OK;
    } catch (err) {
      if (!isNotariumError(err, 'KEYCHAIN_UNAVAILABLE')) throw err;
      const accounts = [apiKeyAccount(name), refreshTokenAccount(name)].map((a) => `"${libraryAccount(notary.library.id, a)}"`).join(' and ');
      io.out(`Profile "${name}" removed.`);
      io.err(
        `notarium profile remove: ${err.message}\nIts API key and sign-in may still be in the keychain. Once the keychain answers, add the profile again and remove it ("notarium profile add ${shellQuote(name)} --base-url URL", then "notarium profile remove ${shellQuote(name)}"), or delete the entries of service "${KEYCHAIN_SERVICE}" named ${accounts} in the system's passwords app (Passwords and Keys, Keychain Access, Credential Manager).`,
      );
      return EXIT.ERROR;
    }
  });
}

/** Profiles touch only the library (but for receipts held for their network, and the keychain a removed one's secrets leave): no sandbox, no network. */
export async function profileCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h') return help(io, PROFILE_HELP);
  const name = subcommandOf('profile', sub, PROFILE_SUBCOMMANDS);
  const { values: v, positionals } = parseSubcommand('profile', name, rest, PROFILE_SUBCOMMANDS, true);
  if (v.help) return help(io, PROFILE_HELP);
  const library = Library.open(appDataDir(io.env));
  try {
    switch (name) {
      case 'list': {
        const current = await library.profiles.currentName();
        const profiles = await library.profiles.list();
        if (v.json)
          io.out(
            JSON.stringify(
              profiles.map((p) => ({ ...p, current: p.name === current })),
              null,
              2,
            ),
          );
        else
          io.out(
            table(
              ['', 'NAME', 'SERVICE', 'NETWORK', 'CONFIRMATIONS'],
              profiles.map((p) => [
                p.name === current ? '*' : '',
                p.name,
                p.baseUrl ?? 'embedded sandbox',
                profileNetworkWords(p),
                String(p.targetConfirmations),
              ]),
            ),
          );
        return EXIT.OK;
      }
      case 'add': {
        const [name] = requirePositionals(positionals, 1, 'notarium profile add <name> --base-url URL [options]');
        // Adding an existing profile changes only the settings given; the others stay as they are.
        const existing = await library.profiles.get(name!);
        // The network is given only with --network: without it, an existing profile keeps its own (profiles.ts).
        const { kind: _kind, apiKeyUrl: _apiKeyUrl, network: _network, networkSource: _source, networkDetectedFrom: _from, ...before } = existing ?? {};
        const given: Partial<ProfileInput> = {
          baseUrl: v['base-url'],
          authUrl: v['auth-url'],
          envId: v['env-id'],
          authorizeUrl: v['authorize-url'],
          clientId: v['client-id'],
          issuer: v.issuer,
          audience: v.audience,
          explorerTxUrl: v['explorer-tx-url'],
          explorerHeaderUrl: v['explorer-header-url'],
          explorerLinkUrl: v['explorer-link-url'],
          explorerBlockUrl: v['explorer-block-url'],
          network: v.network,
          targetConfirmations: numberOption('confirmations', v.confirmations, 1, 1000),
          expectedBlockSeconds: numberOption('block-seconds', v['block-seconds'], 0.1, 86_400, false),
          rejectAfterSeconds: numberOption('reject-after', v['reject-after'], 60, 30 * 86_400),
          resubmitAfterSeconds: numberOption('resubmit-after', v['resubmit-after'], 1, 30 * 86_400),
          idempotentWrites: v['idempotent-writes'],
        };
        // The templates --explorer fills give way to those given one by one.
        const preset = presetTemplates(v.explorer ?? refilled(existing, given), v['explorer-api'], v.network ?? existing?.network);
        const input = {
          ...before,
          ...preset,
          ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)),
          name: name!,
        } as ProfileInput;
        if (!input.baseUrl) throw new UsageError('A new profile needs --base-url URL.', 'profile add');
        const profile = await library.profiles.save(input);
        // The key stays with the address it was entered for (api-key.ts): say so when the address changed.
        const keyUrl = existing?.apiKeyUrl ?? null;
        const keyWords =
          keyUrl === null
            ? `Set its API key with: ${command(io.env, `key set --profile "${profile.name}"`)}`
            : sameServiceUrl(keyUrl, profile.baseUrl!)
              ? `The API key stored for it was entered for this address, so it is sent there.`
              : `Its address changed: an API key stored for it was entered for ${keyUrl} and will not be sent to ${profile.baseUrl}. Enter the key for the new address with: ${command(io.env, `key set --profile "${profile.name}"`)}`;
        io.out(v.json ? JSON.stringify(profile, null, 2) : `Profile "${profile.name}" saved. ${keyWords}\nNetwork: ${networkWords(profile)}.`);
        if (library.records.heldReceipts(profile.name).length > 0) await writeHeldReceipts(io, profile.name);
        return EXIT.OK;
      }
      case 'use': {
        const [name] = requirePositionals(positionals, 1, 'notarium profile use <name>');
        await library.profiles.use(name!);
        io.out(`Using profile "${name}".`);
        return EXIT.OK;
      }
      case 'remove': {
        const [name] = requirePositionals(positionals, 1, 'notarium profile remove <name> [--yes]');
        return await removeCommand(io, library, name!, 'yes' in v && v.yes === true);
      }
    }
  } finally {
    library.close();
  }
}
