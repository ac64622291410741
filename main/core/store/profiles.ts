import * as z from 'zod';
import { DETECT_NETWORK, type ProfileNetwork } from '../../../preload/network-labels.ts';
import { sameServiceUrl } from '../../../preload/service-url.ts';
import { NotariumError } from '../errors/notarium-error.ts';
import { NETWORK_CHOICES, networkOf, type NetworkLabel } from '../../../verifier/protocol/networks.ts';
import { isBlockLookup } from '../../../verifier/best-chain.ts';
import { writeTransaction, type LibraryDatabase } from './database.ts';
import { NOT_SENT_SQL } from './record.ts';
import { counted } from '../../../verifier/counted.ts';

/** Profiles: where a service lives and how to follow its registrations. Never secrets. */

export interface Profile {
  name: string;
  kind: 'sandbox' | 'service';
  /** Null for the embedded sandbox: its address is known only once it runs. */
  baseUrl: string | null;
  authUrl: string | null;
  envId: string | null;
  authorizeUrl: string | null;
  clientId: string | null;
  /** Expected `iss` of access tokens; default `{authUrl}/products/web/{envId}`. */
  issuer: string | null;
  /** Expected `aud` of access tokens; default the client id. */
  audience: string | null;
  explorerTxUrl: string | null;
  explorerHeaderUrl: string | null;
  explorerLinkUrl: string | null;
  /**
   * A block explorer's JSON about a block (`{blockHash}`): its height and confirmations, for the
   * verification's `chain` step. Null for the Sandbox profile, whose sandbox serves one at its
   * address of the day (connections.ts); a service profile without one skips that step.
   */
  explorerBlockUrl: string | null;
  /**
   * The label its receipts carry (networks.ts): the one set, or the one read from the chain; null
   * while a profile that reads it has seen no block yet.
   */
  network: string | null;
  /** `set`: a person named the network. `detect`: it is read from the first confirmed block header of the profile's service. */
  networkSource: NetworkSource;
  /** For a detected network, the block whose header it was read from. */
  networkDetectedFrom: string | null;
  targetConfirmations: number;
  expectedBlockSeconds: number;
  rejectAfterSeconds: number;
  /** A registration still not in a block this long after it was published is sent again (service-notes.md: "no guarantee that a record will be mined"). */
  resubmitAfterSeconds: number;
  idempotentWrites: boolean;
  /**
   * The service URL the API key in the keychain was entered for (null: none was, for this profile).
   * Notarium sends the key there only: a profile whose URL changed has no usable key until it is
   * entered again, or the change is confirmed in the app ("keep the key for the new address").
   */
  apiKeyUrl: string | null;
}

export { sameServiceUrl };

export type NetworkSource = ProfileNetwork['networkSource'];

/**
 * The Sandbox profile resubmits after six blocks (the real service's hour is six of its ten-minute
 * blocks), never under 30 s: a loaded machine's late block is not worth a second transaction.
 */
const sandboxResubmitAfter = (blockIntervalSeconds: number): number => Math.max(30, Math.ceil(blockIntervalSeconds * 6));

export const SANDBOX_PROFILE: Profile = {
  name: 'Sandbox',
  kind: 'sandbox',
  baseUrl: null,
  authUrl: null,
  envId: null,
  authorizeUrl: null,
  clientId: 'notarium-desktop',
  issuer: null,
  audience: null,
  explorerTxUrl: null,
  explorerHeaderUrl: null,
  explorerLinkUrl: null,
  explorerBlockUrl: null,
  network: 'sandbox',
  networkSource: 'set',
  networkDetectedFrom: null,
  targetConfirmations: 3,
  expectedBlockSeconds: 10,
  rejectAfterSeconds: 120,
  resubmitAfterSeconds: sandboxResubmitAfter(10),
  idempotentWrites: true,
  apiKeyUrl: null,
};

const url = z
  .string()
  .url({ error: 'must be a whole address, such as https://records.example.com' })
  .refine((u) => /^https?:\/\//.test(u), 'must start with http:// or https://');

/** The settings as people know them (the Settings form's labels), for sentences. */
const SETTING_NAMES: Record<string, string> = {
  name: 'name',
  baseUrl: 'service address',
  authUrl: 'identity service URL',
  envId: 'environment id',
  authorizeUrl: 'authorize URL',
  clientId: 'client id',
  explorerTxUrl: 'explorer transaction URL',
  explorerHeaderUrl: 'explorer block header URL',
  explorerLinkUrl: 'explorer page for people',
  explorerBlockUrl: 'explorer block lookup URL',
  network: 'network',
  targetConfirmations: 'confirmations to settle',
  resubmitAfterSeconds: 'resubmit time',
};
const template = (placeholder: string) => url.refine((u) => u.includes(placeholder), `must contain ${placeholder}`);

/** What a user may set on a service profile. */
export const profileInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\p{L}\p{N} ._-]+$/u, 'may hold letters, digits, spaces, dots, dashes and underscores'),
    baseUrl: url,
    authUrl: url.nullable().default(null),
    envId: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[A-Za-z0-9._-]+$/)
      .nullable()
      .default(null),
    authorizeUrl: url.nullable().default(null),
    clientId: z.string().min(1).max(256).nullable().default(null),
    issuer: z.string().min(1).max(2048).nullable().default(null),
    audience: z.string().min(1).max(256).nullable().default(null),
    explorerTxUrl: template('{txId}').nullable().default(null),
    explorerHeaderUrl: template('{blockHash}').nullable().default(null),
    explorerLinkUrl: template('{txId}').nullable().default(null),
    explorerBlockUrl: template('{blockHash}')
      .refine(isBlockLookup, 'must hold {blockHash} after its host, as in https://explorer.example/block/hash/{blockHash}')
      .nullable()
      .default(null),
    // The label written into receipts, which decides how their proof of work is judged: the
    // vocabulary's only, or "detect" (read from the chain). Absent (or null, a detecting profile's
    // label before its first block): a new profile detects, an existing one keeps what it has.
    network: z
      .string()
      .nullish()
      .transform((label, ctx) => {
        if (label === undefined || label === null) return undefined;
        if (label.toLowerCase() === DETECT_NETWORK) return DETECT_NETWORK;
        const network = networkOf(label);
        if (network) return network.label;
        ctx.addIssue({
          code: 'custom',
          message: `must be ${NETWORK_CHOICES}, or "${DETECT_NETWORK}" to read it from the chain: receipts carry it, and their proof of work is judged by it`,
        });
        return z.NEVER;
      }),
    targetConfirmations: z.number().int().min(1).max(1000).default(6),
    expectedBlockSeconds: z.number().positive().max(86_400).default(600),
    rejectAfterSeconds: z
      .number()
      .int()
      .min(60)
      .max(30 * 86_400)
      .default(7200),
    // The documentation's hour (service-notes.md, Timing and life-cycle rules).
    resubmitAfterSeconds: z
      .number()
      .int()
      .min(1)
      .max(30 * 86_400)
      .default(3600),
    idempotentWrites: z.boolean().default(false),
  })
  .strict();

export type ProfileInput = z.input<typeof profileInputSchema>;

interface ProfileRow {
  name: string;
  kind: 'sandbox' | 'service';
  base_url: string | null;
  auth_url: string | null;
  env_id: string | null;
  authorize_url: string | null;
  client_id: string | null;
  issuer: string | null;
  audience: string | null;
  explorer_tx_url: string | null;
  explorer_header_url: string | null;
  explorer_link_url: string | null;
  explorer_block_url: string | null;
  network: string;
  network_detect: number;
  network_detected_from: string | null;
  target_confirmations: number;
  expected_block_seconds: number;
  reject_after_seconds: number;
  resubmit_after_seconds: number;
  idempotent_writes: number;
  api_key_url: string | null;
}

const fromRow = (r: ProfileRow): Profile => ({
  name: r.name,
  kind: r.kind,
  baseUrl: r.base_url,
  authUrl: r.auth_url,
  envId: r.env_id,
  authorizeUrl: r.authorize_url,
  clientId: r.client_id,
  issuer: r.issuer,
  audience: r.audience,
  explorerTxUrl: r.explorer_tx_url,
  explorerHeaderUrl: r.explorer_header_url,
  explorerLinkUrl: r.explorer_link_url,
  explorerBlockUrl: r.explorer_block_url,
  // A detecting profile that has seen no block yet keeps '' in the (NOT NULL) column.
  network: r.network === '' ? null : r.network,
  networkSource: r.network_detect === 1 ? 'detect' : 'set',
  networkDetectedFrom: r.network_detected_from,
  targetConfirmations: r.target_confirmations,
  expectedBlockSeconds: r.expected_block_seconds,
  rejectAfterSeconds: r.reject_after_seconds,
  resubmitAfterSeconds: r.resubmit_after_seconds,
  idempotentWrites: r.idempotent_writes === 1,
  apiKeyUrl: r.api_key_url,
});

const CURRENT = 'current-profile';

type NetworkFields = Pick<Profile, 'network' | 'networkSource' | 'networkDetectedFrom'>;

/**
 * A profile's network after a save: a label given is set; "detect" reads it from the chain (a
 * profile that already detects keeps what it read); nothing given keeps an existing profile's, and
 * makes a new one detect.
 */
function networkSetting(choice: NetworkLabel | typeof DETECT_NETWORK | undefined, before: Profile | undefined): NetworkFields {
  const detect: NetworkFields = { network: null, networkSource: 'detect', networkDetectedFrom: null };
  if (choice === undefined)
    return before ? { network: before.network, networkSource: before.networkSource, networkDetectedFrom: before.networkDetectedFrom } : detect;
  if (choice === DETECT_NETWORK)
    return before?.networkSource === 'detect' ? { network: before.network, networkSource: 'detect', networkDetectedFrom: before.networkDetectedFrom } : detect;
  return { network: choice, networkSource: 'set', networkDetectedFrom: null };
}

/** What would save `profile` as it is: a form that shows only some settings saves over this. */
export function inputOf(profile: Profile): ProfileInput {
  return {
    name: profile.name,
    baseUrl: profile.baseUrl ?? '',
    authUrl: profile.authUrl,
    envId: profile.envId,
    authorizeUrl: profile.authorizeUrl,
    clientId: profile.clientId,
    issuer: profile.issuer,
    audience: profile.audience,
    explorerTxUrl: profile.explorerTxUrl,
    explorerHeaderUrl: profile.explorerHeaderUrl,
    explorerLinkUrl: profile.explorerLinkUrl,
    explorerBlockUrl: profile.explorerBlockUrl,
    network: profile.networkSource === 'detect' ? DETECT_NETWORK : profile.network,
    targetConfirmations: profile.targetConfirmations,
    expectedBlockSeconds: profile.expectedBlockSeconds,
    rejectAfterSeconds: profile.rejectAfterSeconds,
    resubmitAfterSeconds: profile.resubmitAfterSeconds,
    idempotentWrites: profile.idempotentWrites,
  };
}

export class Profiles {
  constructor(
    private readonly db: LibraryDatabase,
    private readonly now: () => number = Date.now,
  ) {
    // Looked for and added in one write transaction: two processes opening a new library at once add it once.
    writeTransaction(db, () => {
      if (!this.get(SANDBOX_PROFILE.name)) this.write(SANDBOX_PROFILE, 'insert');
    });
  }

  list(): Profile[] {
    return this.db.prepare<[], ProfileRow>("SELECT * FROM profiles ORDER BY kind = 'service', name").all().map(fromRow);
  }

  get(name: string): Profile | undefined {
    const row = this.db.prepare<[string], ProfileRow>('SELECT * FROM profiles WHERE name = ?').get(name);
    return row && fromRow(row);
  }

  require(name: string): Profile {
    const profile = this.get(name);
    if (!profile) throw new NotariumError('PROFILE_NOT_FOUND', `There is no profile named "${name}": "notarium profile list" shows the profiles.`);
    return profile;
  }

  /**
   * Adds or replaces a service profile; the embedded sandbox profile cannot be replaced. A stored API
   * key stays bound to the URL it was entered for, so a new URL leaves the profile without a usable
   * key, unless `keepApiKey` (a person confirmed it) moves the key to the new URL.
   */
  save(input: ProfileInput, options: { keepApiKey?: boolean } = {}): Profile {
    const parsed = profileInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const setting = issue.path.length ? (SETTING_NAMES[String(issue.path[0])] ?? issue.path.join('.')) : 'settings';
      throw new NotariumError('INVALID_SETTING', `The profile's ${setting} ${issue.message.replace(/^Invalid input: /, '')}.`);
    }
    if (parsed.data.name === SANDBOX_PROFILE.name) throw new NotariumError('SANDBOX_PROFILE_FIXED', 'The Sandbox profile is built in: choose another name.');
    return writeTransaction(this.db, () => this.saveParsed(parsed.data, options)); // read and written as one: another process may save the same name
  }

  private saveParsed(data: z.infer<typeof profileInputSchema>, options: { keepApiKey?: boolean }): Profile {
    const before = this.get(data.name);
    const keyFollows = options.keepApiKey === true && before?.apiKeyUrl != null && before.baseUrl !== null && sameServiceUrl(before.apiKeyUrl, before.baseUrl);
    const { network: choice, ...settings } = data;
    const profile: Profile = {
      ...settings,
      ...networkSetting(choice, before),
      kind: 'service',
      apiKeyUrl: keyFollows ? data.baseUrl : (before?.apiKeyUrl ?? null),
    };
    this.write(profile, before ? 'update' : 'insert');
    return profile;
  }

  /**
   * A detecting profile's network, read from a confirmed block of its service: kept only while the
   * profile still detects and has no label yet (the first block wins, whoever reads it).
   */
  noteDetectedNetwork(name: string, label: NetworkLabel, blockHash: string): boolean {
    return (
      this.db
        .prepare("UPDATE profiles SET network = ?, network_detected_from = ?, updated_at = ? WHERE name = ? AND network_detect = 1 AND network = ''")
        .run(label, blockHash, this.now(), name).changes === 1
    );
  }

  /** Records the URL the profile's API key was just entered for (null while it is being replaced). */
  bindApiKey(name: string, url: string | null): void {
    this.db.prepare('UPDATE profiles SET api_key_url = ?, updated_at = ? WHERE name = ?').run(url, this.now(), this.require(name).name);
  }

  /**
   * The embedded sandbox mines at the interval the app runs it with; its profile follows. Every
   * engine start tunes it: it writes only when the interval changed, so that opening the library
   * (every command) takes no write lock and costs no sync to disk.
   */
  tuneSandbox(blockIntervalSeconds: number): void {
    const tuned = { e: blockIntervalSeconds, r: Math.max(120, Math.ceil(blockIntervalSeconds * 12)), s: sandboxResubmitAfter(blockIntervalSeconds) };
    const rows = this.db
      .prepare<[], typeof tuned>(
        "SELECT expected_block_seconds AS e, reject_after_seconds AS r, resubmit_after_seconds AS s FROM profiles WHERE kind = 'sandbox'",
      )
      .all();
    if (rows.every((row) => row.e === tuned.e && row.r === tuned.r && row.s === tuned.s)) return;
    this.db
      .prepare("UPDATE profiles SET expected_block_seconds = ?, reject_after_seconds = ?, resubmit_after_seconds = ?, updated_at = ? WHERE kind = 'sandbox'")
      .run(tuned.e, tuned.r, tuned.s, this.now());
  }

  /**
   * Why the profile cannot be removed now, as a refusal to throw (null: it can be). Its records keep
   * it: their status and verification go to its service. The refusal says only what can be done: a
   * registration cannot be taken out of the library, but one that never reached the service can.
   */
  removalRefusal(name: string): NotariumError | null {
    if (name === SANDBOX_PROFILE.name) return new NotariumError('SANDBOX_PROFILE_FIXED', 'The Sandbox profile is built in and cannot be removed.');
    this.require(name);
    const { kept, records, unsent } = this.db
      .prepare<[string], { kept: number; records: number; unsent: number }>(
        `SELECT count(*) AS kept, coalesce(sum(state != 'superseded'), 0) AS records, coalesce(sum(${NOT_SENT_SQL}), 0) AS unsent
         FROM records WHERE profile = ?`,
      )
      .get(name)!;
    if (kept === 0) return null;
    const shown = Math.max(records, 1);
    if (unsent === shown) {
      const them = unsent === 1 ? 'it' : 'them';
      return new NotariumError(
        'PROFILE_IN_USE',
        `The profile "${name}" keeps ${counted(unsent, 'record')} that never reached the service: remove ${them} in the app's Library (nothing of ${them} was registered), then remove the profile.`,
      );
    }
    return new NotariumError(
      'PROFILE_IN_USE',
      `The profile "${name}" cannot be removed: ${counted(shown, 'record')} in the library ${shown === 1 ? 'was' : 'were'} made with it, and ${shown === 1 ? 'its' : 'their'} status and verification go to its service.`,
    );
  }

  remove(name: string): void {
    // Checked and deleted as one: another process may make a record with it meanwhile.
    writeTransaction(this.db, () => {
      const refusal = this.removalRefusal(name);
      if (refusal) throw refusal;
      this.db.prepare('DELETE FROM profiles WHERE name = ?').run(name);
      if (this.currentName() === name) this.use(SANDBOX_PROFILE.name);
    });
  }

  currentName(): string {
    return this.db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?').get(CURRENT)?.value ?? SANDBOX_PROFILE.name;
  }

  current(): Profile {
    return this.get(this.currentName()) ?? this.require(SANDBOX_PROFILE.name);
  }

  use(name: string): Profile {
    const profile = this.require(name);
    this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(CURRENT, name);
    return profile;
  }

  private write(p: Profile, mode: 'insert' | 'update'): void {
    const values = {
      name: p.name,
      kind: p.kind,
      base_url: p.baseUrl,
      auth_url: p.authUrl,
      env_id: p.envId,
      authorize_url: p.authorizeUrl,
      client_id: p.clientId,
      issuer: p.issuer,
      audience: p.audience,
      explorer_tx_url: p.explorerTxUrl,
      explorer_header_url: p.explorerHeaderUrl,
      explorer_link_url: p.explorerLinkUrl,
      explorer_block_url: p.explorerBlockUrl,
      network: p.network ?? '',
      network_detect: p.networkSource === 'detect' ? 1 : 0,
      network_detected_from: p.networkDetectedFrom,
      target_confirmations: p.targetConfirmations,
      expected_block_seconds: p.expectedBlockSeconds,
      reject_after_seconds: p.rejectAfterSeconds,
      resubmit_after_seconds: p.resubmitAfterSeconds,
      idempotent_writes: p.idempotentWrites ? 1 : 0,
      api_key_url: p.apiKeyUrl,
      now: this.now(),
    };
    const columns = Object.keys(values).filter((k) => k !== 'now');
    if (mode === 'insert') {
      this.db
        .prepare(`INSERT INTO profiles (${columns.join(', ')}, created_at, updated_at) VALUES (${columns.map((c) => '@' + c).join(', ')}, @now, @now)`)
        .run(values);
    } else {
      this.db.prepare(`UPDATE profiles SET ${columns.map((c) => `${c} = @${c}`).join(', ')}, updated_at = @now WHERE name = @name`).run(values);
    }
  }
}
