import { BlockLookup } from './api/block-lookup.ts';
import type { OriginPacer } from './api/origin-pacer.ts';
import { ExplorerApi, sandboxBlockLookup, sandboxExplorerPage, sandboxExplorerTemplates, type ExplorerTemplates } from './api/explorer-api.ts';
import type { TransportOptions } from './api/http-client.ts';
import { IdentityApi } from './api/identity-api.ts';
import { RecordApi } from './api/record-api.ts';
import { NotariumError } from './errors/notarium-error.ts';
import type { EmbeddedSandbox } from './sandbox-host/embedded-sandbox.ts';
import { resolveApiKey } from './secrets/api-key.ts';
import type { SecretStore } from './secrets/secret-store.ts';
import type { InTurns } from './store/in-turns.ts';
import type { Profile, Profiles } from './store/profiles.ts';
import type { SuggestedCommand } from './text/suggested-command.ts';

/**
 * How to reach a profile's service: the record API, the explorer for raw transactions and
 * headers, its block lookup, and the identity service. The Sandbox profile reaches the embedded sandbox (started on
 * first use); NOTARIUM_BASE_URL and NOTARIUM_API_KEY override the profile in use — the one a command
 * names (`--profile`), else the current one —, for scripts (a key in the keychain is never sent to
 * NOTARIUM_BASE_URL: scripts give that service's key too).
 */

/** What sign-in needs of a profile's identity service. */
export interface AuthEndpoints {
  authUrl: string;
  envId: string;
  /** The page that signs the user in and redirects back with a code. */
  authorizeUrl: string;
  clientId: string;
  issuer: string;
  audience: string;
  /**
   * Who issues this profile's tokens: the identity service's address (auth URL and env id), or the
   * embedded sandbox whatever port it has today. A refresh token goes back only to its issuer.
   */
  identityService: string;
}

export interface Connection {
  profile: Profile;
  baseUrl: string;
  /** NOTARIUM_BASE_URL sends this profile's requests to `baseUrl`, instead of its own service. */
  overridden: boolean;
  api: RecordApi;
  /** Null when the profile names no explorer: receipts then carry what the proof holds. */
  explorer: ExplorerApi | null;
  /** Null when the profile names no block lookup: the verification's `chain` step is then skipped. */
  blockLookup: BlockLookup | null;
  /** Null when the profile names no identity service. */
  identity: IdentityApi | null;
  /** Null when the profile is not set up for sign-in. */
  auth: AuthEndpoints | null;
  /** Throws NO_API_KEY (or KEYCHAIN_UNAVAILABLE) now, rather than once per request later. */
  requireKey(): Promise<void>;
}

export interface ConnectionsOptions {
  profiles: InTurns<Profiles>;
  sandbox: EmbeddedSandbox;
  secrets: SecretStore;
  env?: NodeJS.ProcessEnv;
  transport?: TransportOptions;
  /** The profile a command names (`--profile`), which the overrides apply to; default: the current one. */
  profileInUse?: string;
  /** How the sentences of failures say a command to run (NotaryContext.command). */
  command?: SuggestedCommand;
  /** The pace of the profiles' explorers (default: the process's, at WhatsOnChain's rate: origin-pacer.ts). */
  explorerPacer?: OriginPacer;
}

export const BASE_URL_ENV = 'NOTARIUM_BASE_URL';

export class Connections {
  private readonly cache = new Map<string, Promise<Connection>>();
  /** Explorer pages of sandboxes, known once connected (their address is known only then). */
  private readonly sandboxPages = new Map<string, string>();

  constructor(private readonly options: ConnectionsOptions) {}

  forProfile(name: string): Promise<Connection> {
    let connection = this.cache.get(name);
    if (!connection) {
      connection = this.options.profiles.require(name).then((profile) => this.open(profile));
      connection.catch(() => this.cache.delete(name));
      this.cache.set(name, connection);
    }
    return connection;
  }

  /** A `{txId}` template of a page for people about a transaction, or null when none is known. */
  explorerLink(profile: Profile): string | null {
    return profile.explorerLinkUrl ?? this.sandboxPages.get(profile.name) ?? null;
  }

  /** Forget cached connections (a profile changed, or the sandbox host went away). */
  reset(): void {
    this.cache.clear();
  }

  /**
   * After a failure to reach the embedded sandbox, the process that hosted it may have quit: the
   * next use connects again, and takes over hosting if nobody does.
   */
  async noteFailure(profileName: string, err: unknown): Promise<void> {
    const profile = await this.options.profiles.get(profileName);
    if (profile?.kind === 'sandbox' && err instanceof NotariumError && err.code === 'NETWORK') this.cache.delete(profileName);
  }

  /**
   * Whether a request to the embedded sandbox failed on the network: the process hosting it may
   * have quit, before or while the request reached it. The caller may connect again (hosting it
   * itself if nobody does) and send it there: that sandbox is ours, keeps the same data, and
   * recognises a write sent again with its Idempotency-Key, so nothing is written twice.
   */
  async sandboxHostGone(profileName: string, err: unknown): Promise<boolean> {
    if (!(err instanceof NotariumError) || err.code !== 'NETWORK') return false;
    const profile = await this.options.profiles.get(profileName);
    return profile?.kind === 'sandbox' && !(await this.overridesOf(profileName))[BASE_URL_ENV];
  }

  /**
   * A read of a profile's service (nothing is written: asking again is safe). When the process that
   * hosted the embedded sandbox quit since this one connected (a command that hosted it while the
   * app was open), the read goes once more to the sandbox's next host (this process, if nobody else
   * took over), rather than failing for every file of a verification until something else noticed.
   */
  async read<T>(profileName: string, ask: (connection: Connection) => Promise<T>): Promise<T> {
    const used = this.forProfile(profileName);
    try {
      return await ask(await used);
    } catch (err) {
      if (!(await this.sandboxHostGone(profileName, err))) throw err;
      // Forgotten once: the reads that failed beside this one share the connection made after it.
      if (this.cache.get(profileName) === used) this.cache.delete(profileName);
      return ask(await this.forProfile(profileName));
    }
  }

  /**
   * The overrides are for the profile in use: another profile's records (the poller follows them
   * all) must never go to the override URL, nor carry the override key to their own service.
   */
  private async overridesOf(profileName: string): Promise<NodeJS.ProcessEnv> {
    return profileName === (this.options.profileInUse ?? (await this.options.profiles.currentName())) ? (this.options.env ?? process.env) : {};
  }

  private async open(profile: Profile): Promise<Connection> {
    const env = await this.overridesOf(profile.name);
    const transport = { ...this.options.transport, command: this.options.command };
    const override = env[BASE_URL_ENV];
    if (profile.kind === 'sandbox' && !override) {
      // Its own key, always: NOTARIUM_API_KEY is a service's key, sent only to a service reached by URL.
      const endpoint = await this.options.sandbox.connect();
      this.sandboxPages.set(profile.name, sandboxExplorerPage(endpoint.baseUrl));
      return {
        profile,
        baseUrl: endpoint.baseUrl,
        overridden: false,
        api: new RecordApi({ ...transport, baseUrl: endpoint.baseUrl, apiKey: endpoint.apiKey }),
        // Its explorer is the embedded sandbox's own: no public explorer's rate to keep to.
        explorer: new ExplorerApi({ ...transport, templates: sandboxExplorerTemplates(endpoint.baseUrl), pacer: null }),
        blockLookup: new BlockLookup({ ...transport, template: sandboxBlockLookup(endpoint.baseUrl), pacer: null }),
        identity: new IdentityApi({ ...transport, authUrl: endpoint.authUrl, envId: endpoint.envId }),
        auth: authEndpoints(
          { ...profile, authUrl: endpoint.authUrl, envId: endpoint.envId, authorizeUrl: `${endpoint.authUrl}/oauth2/authorize` },
          EMBEDDED_IDENTITY,
        ),
        requireKey: async () => {},
      };
    }
    const baseUrl = override || profile.baseUrl!;
    // Only to the URL it was entered for: never to a changed profile URL or to NOTARIUM_BASE_URL (api-key.ts).
    // The profile is read again per request: a key set or a URL changed meanwhile (another process) counts at once.
    const apiKey = async () =>
      resolveApiKey(await this.options.profiles.require(profile.name), baseUrl, { store: this.options.secrets, env, command: this.options.command });
    const sandboxElsewhere = Boolean(override) && profile.kind === 'sandbox';
    const templates = explorerTemplates(profile, baseUrl, sandboxElsewhere);
    const lookup = sandboxElsewhere ? sandboxBlockLookup(baseUrl) : profile.explorerBlockUrl;
    if (sandboxElsewhere) this.sandboxPages.set(profile.name, sandboxExplorerPage(baseUrl));
    return {
      profile,
      baseUrl,
      overridden: Boolean(override),
      api: new RecordApi({ ...transport, baseUrl, apiKey }),
      explorer: templates ? new ExplorerApi({ ...transport, templates, pacer: this.options.explorerPacer }) : null,
      blockLookup: lookup ? new BlockLookup({ ...transport, template: lookup, pacer: this.options.explorerPacer }) : null,
      identity: profile.authUrl && profile.envId ? new IdentityApi({ ...transport, authUrl: profile.authUrl, envId: profile.envId }) : null,
      auth: authEndpoints(profile),
      requireKey: async () => void (await apiKey()),
    };
  }
}

/** The embedded sandbox's identity service: the same one (and the same signing key) across restarts and ports. */
const EMBEDDED_IDENTITY = 'embedded-sandbox';

function authEndpoints(
  p: Pick<Profile, 'authUrl' | 'envId' | 'authorizeUrl' | 'clientId' | 'issuer' | 'audience'>,
  identityService?: string,
): AuthEndpoints | null {
  if (!p.authUrl || !p.envId || !p.authorizeUrl || !p.clientId) return null;
  const authUrl = p.authUrl.replace(/\/+$/, '');
  return {
    identityService: identityService ?? `${authUrl}/products/web/${p.envId}`,
    authUrl,
    envId: p.envId,
    authorizeUrl: p.authorizeUrl,
    clientId: p.clientId,
    issuer: p.issuer ?? `${authUrl}/products/web/${p.envId}`,
    audience: p.audience ?? p.clientId,
  };
}

function explorerTemplates(profile: Profile, baseUrl: string, sandboxElsewhere: boolean): ExplorerTemplates | null {
  if (sandboxElsewhere) return sandboxExplorerTemplates(baseUrl);
  // A raw-transaction template alone is enough for proofs whose target is the header itself.
  if (profile.explorerTxUrl) return { transactionHex: profile.explorerTxUrl, blockHeader: profile.explorerHeaderUrl };
  return null;
}
