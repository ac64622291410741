import { appDataDir } from '../../core/app-paths.ts';
import { isNotariumError, NotariumError } from '../../core/errors/notarium-error.ts';
import { apiKeyAccount } from '../../core/secrets/accounts.ts';
import { API_KEY_ENV, setApiKey } from '../../core/secrets/api-key.ts';
import { KeychainSecretStore } from '../../core/secrets/keychain-secret-store.ts';
import { librarySecrets } from '../../core/secrets/library-secrets.ts';
import { Library } from '../../core/store/library.ts';
import { EXIT } from '../exit-codes.ts';
import { help } from '../help.ts';
import { command } from '../invoked-as.ts';
import type { CliIo } from '../io.ts';
import { parseSubcommand, subcommandOf } from '../options.ts';

export const KEY_HELP = `Usage:
  notarium key set [--profile P]      read the API key from standard input into the system keychain
  notarium key delete [--profile P]   remove it from the keychain

The key is never printed, logged or written anywhere but the keychain, e.g.:
  printf '%s' "$API_KEY" | notarium key set --profile Production
It is sent only to the service address the profile had when the key was set: after
"notarium profile add" gives the profile another --base-url, set the key again.`;

const KEY_OPTIONS = { profile: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;
/** `key`'s subcommands and the options each takes. */
export const KEY_SUBCOMMANDS = { set: KEY_OPTIONS, delete: KEY_OPTIONS } as const;

export async function keyCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h') return help(io, KEY_HELP);
  const name = subcommandOf('key', sub, KEY_SUBCOMMANDS);
  const { values: v } = parseSubcommand('key', name, rest, KEY_SUBCOMMANDS);
  if (v.help) return help(io, KEY_HELP);
  const library = Library.open(appDataDir(io.env));
  try {
    const profile = await (v.profile ? library.profiles.require(v.profile) : library.profiles.current());
    if (profile.kind === 'sandbox') {
      throw new NotariumError(
        'SANDBOX_PROFILE_FIXED',
        `The Sandbox profile uses the embedded sandbox's own key: add a service profile ("${command(io.env, 'profile add')}") for a real API key.`,
      );
    }
    const store = librarySecrets(new KeychainSecretStore(), library.id);
    if (name === 'set') {
      const key = (await io.readStdin()).replace(/\r?\n$/, '');
      if (!key.trim()) {
        io.err('notarium key set: Standard input was empty; pipe the key in, e.g. printf \'%s\' "$API_KEY" | notarium key set');
        return EXIT.ERROR;
      }
      await setApiKey(library.profiles, store, profile.name, key).catch((err: unknown) => {
        // No keychain here (a server, a container): the one way left to give a key.
        if (!isNotariumError(err, 'KEYCHAIN_UNAVAILABLE')) throw err;
        throw new NotariumError(
          'KEYCHAIN_UNAVAILABLE',
          `${err.message} Without a keychain, give the key to each command in the ${API_KEY_ENV} environment variable instead (it applies to the profile the command uses).`,
          { cause: err },
        );
      });
      io.out(
        v.json
          ? JSON.stringify({ profile: profile.name, saved: true, serviceUrl: profile.baseUrl })
          : `API key for "${profile.name}" saved in the system keychain; it is sent only to ${profile.baseUrl}.`,
      );
      return EXIT.OK;
    }
    const removed = await store.delete(apiKeyAccount(profile.name));
    io.out(
      v.json
        ? JSON.stringify({ profile: profile.name, removed })
        : removed
          ? `API key for "${profile.name}" removed from the keychain.`
          : `The keychain held no API key for "${profile.name}".`,
    );
    return EXIT.OK;
  } finally {
    library.close();
  }
}
