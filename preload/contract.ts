import * as z from 'zod';
import { CALL_NAMES, EVENT_NAMES, type CallName, type EventName } from './contract-names.ts';
import { RECORD_STATES, type RecordState } from './record-states.ts';
import type { Said } from './i18n/said.ts';
import type { ErrorData } from './protocol/messages.ts';
import type { VerifyStatus } from './verify-statuses.ts';
import { LANGUAGES, type Language } from './i18n/languages.ts';

export { CALL_NAMES, EVENT_NAMES, type CallName, type EventName, type RecordState };

/**
 * The one declaration of everything that crosses between the UI and the core: every call (with
 * the zod schema its arguments are validated against on the main side) and every event. The
 * Electron preload and the web bridge both implement `NotariumBridge` from this file alone.
 * Adding a call touches three files: its name in contract-names.ts; its argument schema in `CALLS`
 * and its result in `CallResults` here; its function in the one call module of main/core/app whose
 * concern it is (main/core/app/app-service.ts puts the modules together and does not compile until
 * every call is implemented exactly once). The transports, bridges and shells take it from the names.
 */

// ---- Shapes that cross (plain JSON: no Node types, no secrets) ----

export type RecordKind = 'record' | 'linked-create' | 'linked-update' | 'linked-delete';

export interface RecordView {
  id: number;
  profile: string;
  kind: RecordKind;
  state: RecordState;
  name: string;
  path: string | null;
  size: number | null;
  sha256: string | null;
  /** How the fingerprint is made, each salt written `<salt>`: the page is never given a salt (verifier/protocol/salt-shown.ts). */
  encode: string | null;
  txId: string | null;
  prevTxId: string | null;
  documentId: number | null;
  version: number | null;
  confirmations: number;
  /** The confirmations its own profile asks for before it is settled (null: the profile is gone). */
  targetConfirmations: number | null;
  blockHash: string | null;
  blockTime: string | null;
  network: string | null;
  receiptPath: string | null;
  /**
   * For a record imported from a receipt, what the receipt proved when it was imported; null for
   * Notarium's own registrations. `partially-verified` is never shown as settled or verified.
   */
  proofOutcome: 'verified' | 'partially-verified' | 'pending' | null;
  lastError: string | null;
  /** Why its receipt is not written (its profile's network and its block disagree), with the fix; null otherwise. */
  receiptHeld: string | null;
  /** The first record of the registration this row sends again (null: it is the first). */
  resubmits: number | null;
  /** The row that is the registration instead of this one (state `superseded`). */
  supersededBy: number | null;
  /** Sent again after a lost answer, without Idempotency-Key: the service may hold a second, harmless registration. */
  possibleDuplicate: boolean;
  /**
   * In state `submitting` but never sent: its send could not reach the service (the connection was
   * refused, no route, no DNS answer), so nothing was registered; `lastError` says why. The engine
   * sends it at its next start, at the next notarisation with its profile, when another record of
   * its profile gets into a block, or now (`sendNow`).
   */
  notSent: boolean;
  /**
   * For a queued version: the version it waits for (the one before it), that version's txId (null
   * while it is not sent either) and state. It is sent once that one is in a block.
   */
  waitsFor: { version: number; txId: string | null; state: RecordState } | null;
  /**
   * For a registration with more than one submission: how long after the first was published the
   * other came, how (`sent-again` after it stayed out of a block; `found-on-chain`: a write whose
   * answer was lost, found written on the chain and taken as it is), and which transaction is in a
   * block (`again`: the later one; null: none yet, all are followed).
   */
  sentAgain: { afterSeconds: number; winner: 'first' | 'again' | null; how: 'sent-again' | 'found-on-chain' } | null;
  createdAt: number;
  publishedAt: number | null;
  confirmedAt: number | null;
  /** A page for people about the transaction, when the profile names an explorer. */
  explorerLink: string | null;
  /** The salted fingerprint the service published (hex), once registered. */
  published: string | null;
  /** The Merkle proof that puts the transaction in its block, once it is in one. */
  proof: ProofView | null;
  /**
   * Batches (docs/design/batches-and-rounds.md): the batch the registration anchors, or — for one of its files —
   * the file's place in it. A file's view is its registration's (state, txId, confirmations, block,
   * `id` the registration's record) with the file's own name, path, size, SHA-256 and receipt, and
   * `member` set; calls about the file name it by `{ member }` (ItemRef). Null: no batch.
   */
  batch: BatchView | null;
}

export interface BatchView {
  id: number;
  /** How many files it anchors; null for a batch known only from its files' receipts (imported: no receipt says its size). */
  files: number | null;
  /** The file's leaf index in the batch's tree (0-based; "file position + 1 of files"); null for the registration, and for an imported file. */
  position: number | null;
  /** The file's id among batch members; null for the registration. */
  member: number | null;
}

/** What a call about a file of the Library names: a registration's record by id, or one file of a batch. */
export type ItemRef = number | { member: number };

/** The service a receipt names, and the profile that reaches it (null: none does, so nothing here asks it). */
export interface ServiceView {
  url: string;
  profile: string | null;
}

export interface ProofView {
  /** The transaction's position in the block. */
  index: number;
  /** What the proof's root is checked against: the block header, its hash, or the Merkle root. */
  targetType: string;
  nodes: string[];
}

export interface ProfileView {
  name: string;
  kind: 'sandbox' | 'service';
  baseUrl: string | null;
  authUrl: string | null;
  envId: string | null;
  authorizeUrl: string | null;
  clientId: string | null;
  explorerTxUrl: string | null;
  explorerHeaderUrl: string | null;
  explorerLinkUrl: string | null;
  /** A block explorer's JSON about a block ({blockHash}), asked by verification's best-chain step; null for the Sandbox profile (its sandbox's own). */
  explorerBlockUrl: string | null;
  /** The label its receipts carry; null while a profile that reads it from the chain has seen no block. */
  network: string | null;
  /** `set` by a person, or `detect`ed from the first confirmed block header of its service. */
  networkSource: 'set' | 'detect';
  /** For a detected network: the block it was read from. */
  networkDetectedFrom: string | null;
  targetConfirmations: number;
  /** Status checks: at most one per registration per this many seconds (the service's block time). */
  expectedBlockSeconds: number;
  resubmitAfterSeconds: number;
  idempotentWrites: boolean;
  current: boolean;
  /** Write-only: the key itself never crosses to the page. */
  apiKeySet: boolean;
}

export interface IdentityView {
  subject: string;
  name?: string;
  email?: string;
  groups: string[];
  expiresAt: number;
}

export type AccountView =
  | { profile: string; status: 'signed-out'; message?: string; available: boolean }
  | { profile: string; status: 'signed-in'; identity: IdentityView; claims: string[]; available: true };

export interface StepView {
  id: string;
  status: 'pass' | 'fail' | 'skipped' | 'not-run';
  /** Why a failed or skipped step is so, as a stable code (verifier/step-codes.ts). */
  code?: string;
  label: string;
  detail: string;
  /** `detail` as a message, for a page in another language (preload/i18n/said.ts); a failed check has none: its code says it. */
  said?: Said;
  expected?: string;
  found?: string;
}

export interface VerificationView {
  name: string;
  path: string | null;
  /**
   * `partially-verified`: no step failed but some could not be checked; never to be shown as verified.
   * `unreadable`: the file or its receipt could not be read, or the receipt is not one (`error` says
   * which); nothing was compared, so never to be shown as a mismatch.
   */
  status: VerifyStatus;
  /** Verified, but on a test chain (testnet, stn, regtest, sandbox): its proof of work proves nothing; its own badge. */
  verifiedOnTestChain: boolean;
  message: string;
  outcome: 'verified' | 'partially-verified' | 'pending' | 'failed' | null;
  txId: string | null;
  proves: string | null;
  /** For a partially verified result: what the skipped steps leave unproven, one sentence each. */
  unproven: string[];
  /** The receipt's network; `testChain`: its proof of work proves nothing (testnet, stn, regtest, sandbox). */
  network: { label: string; known: boolean; testChain: boolean } | null;
  steps: StepView[];
  /**
   * The file is one of a batch's (its receipt carries a batch path): its place as the library knows
   * it (each null when the library does not know the batch), and the registration's txId is `txId`.
   */
  batch: { id: number | null; files: number | null; position: number | null } | null;
  /** Why there is no report (a receipt that is not one, a file that cannot be read): its code, for programs; `message` says it. */
  error: ErrorData | null;
  /** `message`, `proves` and each of `unproven` as messages, sentence by sentence; null when only the English says them. */
  said: { message: Said[]; proves: Said[]; unproven: Said[][] } | null;
}

export interface DocumentView {
  id: number;
  profile: string;
  name: string;
  headTxId: string | null;
  /** Closed to new versions: its final record is made (sent, or in a block). */
  finalised: boolean;
  /** Finalised, its final record not in a block yet: shown as finalising, not final. */
  finalising: boolean;
  versions: number;
  updatedAt: number;
  /** The watched folder whose chain it is (its versions are the folder's rounds): it takes no other version, and is finalised by removing the folder. */
  watchedFolder: string | null;
}

export interface HistoryView {
  document: DocumentView | null;
  /** Where the history came from: read from the service, or the library's records, with the reason in a sentence. */
  source: { from: 'service' | 'library'; reason: string | null };
  finalised: boolean;
  /**
   * In order: the history as read (`source`), then the library's versions it does not hold,
   * `notInHistory`: not in a block yet (one sent but unmined; queued ones, with no txId).
   */
  versions: { version: number; txId: string | null; kind: RecordKind | 'unknown'; record: RecordView | null; notInHistory: boolean }[];
}

export interface AppInfo {
  version: string;
  shell: 'electron' | 'web';
  /** Whether files have paths the core can read (Electron) or are uploaded (web shell). */
  filePaths: boolean;
}

/**
 * Which file of a job an event is about (names are no key: two dropped files may share one):
 * `index` in the call's file list; `inFolder`, for a folder there, the file's place among that
 * folder's files (null: the entry was the file itself).
 */
export interface JobFile {
  index: number;
  inFolder: number | null;
}

/** `retrying`: a send failed transiently and is tried again; not a failure. */
export type NotarisePhase = 'hashing' | 'submitting' | 'retrying' | 'done' | 'failed';

export interface WatchSettingsView {
  recursive: boolean;
  /** Globs: a name pattern (no '/') matches at any depth; one with '/' matches the path in the folder. */
  include: string[];
  exclude: string[];
  /** Receipts beside the files, or in the folder's `.notarium/`. */
  receipts: 'beside' | 'folder';
  /** How long a file must stay unchanged before it is taken. */
  stableSeconds: number;
}

export interface WatchedFolderView extends WatchSettingsView {
  path: string;
  profile: string;
  /** `paused`: by its user, until resumed (kept across restarts); resuming catches up on what changed meanwhile. */
  state: 'scanning' | 'watching' | 'unavailable' | 'stopped' | 'paused' | 'error';
  /** Why it is unavailable, or what went wrong while watching it. */
  message: string | null;
  /** Files taken and waiting for the folder's next round (its previous round is not in a block yet). */
  waiting: number;
  /** The folder's latest round: its number in the folder's chain, how many files it anchors, its registration's state and txId. */
  lastRound: { number: number; files: number; recordId: number; state: RecordState; txId: string | null } | null;
  /** Its chain was finalised elsewhere: it is stopped (`message` says why) until a new chain is started (startNewWatchedChain). */
  chainClosed: boolean;
}

export interface WatchProgressView {
  /** Files waiting to be stable, waiting their turn, being taken. */
  settling: number;
  queued: number;
  active: number;
  /** Since the watcher was last idle. */
  done: number;
  failed: number;
  idle: boolean;
}

/**
 * A registration's outcome worth a notification, in words (main/core/app/record-notices.ts decides
 * which, once for both shells); each shell shows it its own way.
 */
export interface NoticeView {
  outcome: 'confirmed' | 'settled' | 'failed' | 'rejected';
  title: string;
  body: string;
  /** The registration a click opens; null when the notice is about several (the Library opens). */
  recordId: number | null;
  /** One notice shown by two pages is one notification: a browser replaces one of the same tag. */
  tag: string;
}

export interface FileManagerView {
  /** Whether this app can add itself to file managers here (the desktop app, on Linux). */
  supported: boolean;
  /** Why not, when it cannot. */
  reason: string | null;
  entries: { fileManager: string; name: string; detected: boolean; state: 'absent' | 'installed' | 'outdated' | 'unknown'; problem: string | null }[];
}

// ---- Call arguments ----

/**
 * Limits a person can reach from a form (a long paste, many globs) are refused with a sentence
 * written for them, which parseCall passes on as it is; other refusals name the argument instead.
 */
const FOR_PEOPLE = new Set<string>();
function said(sentence: string): { error: string } {
  FOR_PEOPLE.add(sentence);
  return { error: sentence };
}

const profileName = z.string().min(1, said('A profile needs a name.')).max(64, said('A profile name has at most 64 characters.'));
const recordId = z.number().int().positive();
const documentId = z.number().int().positive();
const jobId = z.string().uuid();
const itemRef = z.union([recordId, z.object({ member: z.number().int().positive() }).strict()]);
/** The language a certificate (or a proof bundle's README.txt) is written in; English when not given. */
const certificateLanguage = z.enum(LANGUAGES, said('A certificate is made in English (en), French (fr) or German (de).'));
const address = z.string().max(2048, said('An address has at most 2,048 characters.'));

/** A file the UI names: a path (Electron) or a file streamed to the web shell. */
export const fileRef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('path'), path: z.string().min(1).max(4096) }).strict(),
  z.object({ kind: z.literal('upload'), uploadId: z.string().uuid() }).strict(),
]);
export type FileRef = z.infer<typeof fileRef>;

export const recordQuery = z
  .object({
    search: z.string().max(200, said('A search has at most 200 characters.')).optional(),
    states: z.array(z.enum(RECORD_STATES)).max(RECORD_STATES.length).optional(),
    /** The library's own registrations alone, imported evidence left out. */
    own: z.boolean().optional(),
    sort: z.enum(['created', 'name', 'state', 'confirmations']).optional(),
    direction: z.enum(['asc', 'desc']).optional(),
    /** One batch's files alone (BatchView.id). */
    batch: z.number().int().positive().optional(),
    limit: z.number().int().min(1).max(1000),
    offset: z.number().int().min(0),
  })
  .strict();

export const profileInput = z
  .object({
    name: profileName,
    baseUrl: address,
    authUrl: address.nullable().optional(),
    envId: z.string().max(128, said('An environment id has at most 128 characters.')).nullable().optional(),
    authorizeUrl: address.nullable().optional(),
    clientId: z.string().max(256, said('A client id has at most 256 characters.')).nullable().optional(),
    explorerTxUrl: address.nullable().optional(),
    explorerHeaderUrl: address.nullable().optional(),
    explorerLinkUrl: address.nullable().optional(),
    explorerBlockUrl: address.nullable().optional(),
    network: z.string().max(32, said('A network name has at most 32 characters.')).optional(),
    targetConfirmations: z
      .number()
      .int()
      .min(1, said('Confirmations to settle: from 1 to 1,000.'))
      .max(1000, said('Confirmations to settle: from 1 to 1,000.'))
      .optional(),
    expectedBlockSeconds: z
      .number()
      .min(0.1, said('Block time: from 0.1 to 86,400 seconds.'))
      .max(86_400, said('Block time: from 0.1 to 86,400 seconds.'))
      .optional(),
    resubmitAfterSeconds: z
      .number()
      .int(said('Send again after: a whole number of seconds.'))
      .min(1, said('Send again after: from 1 second to 30 days.'))
      .max(30 * 86_400, said('Send again after: from 1 second to 30 days.'))
      .optional(),
    idempotentWrites: z.boolean().optional(),
  })
  .strict();

/** The API key as typed or pasted: the keychain takes far more, but no service key is this long. */
const apiKey = z
  .string()
  .min(1, said('Type or paste the API key first.'))
  .max(4096, said('An API key has at most 4,096 characters: check that only the key was pasted.'));

const folderPath = z.string().min(1, said('Name the folder to watch.')).max(4096, said('A folder path has at most 4,096 characters.'));
const glob = z.string().min(1).max(256, said('A glob has at most 256 characters.'));
/** Globs are matched against every file the folder holds: a bounded list keeps that cheap. */
const MAX_GLOBS = 64;
export const watchSettings = z
  .object({
    recursive: z.boolean(),
    include: z
      .array(glob)
      .max(MAX_GLOBS, said(`A watched folder takes at most ${MAX_GLOBS} globs under "Only these": combine some (for example *.{pdf,docx}).`)),
    exclude: z
      .array(glob)
      .max(MAX_GLOBS, said(`A watched folder takes at most ${MAX_GLOBS} globs under "Never these": combine some (for example *.{tmp,bak}).`)),
    receipts: z.enum(['beside', 'folder']),
    stableSeconds: z
      .number()
      .min(0.5, said('Take a file once unchanged for 0.5 to 3,600 seconds.'))
      .max(3600, said('Take a file once unchanged for 0.5 to 3,600 seconds.')),
  })
  .partial()
  .strict();

/** Every call: its name and the schema of its arguments (a tuple). */
export const CALLS = {
  appInfo: z.tuple([]),
  listProfiles: z.tuple([]),
  useProfile: z.tuple([profileName]),
  /** keepApiKey: the person confirmed that the profile's API key goes to its new address too. */
  saveProfile: z.tuple([profileInput, z.object({ keepApiKey: z.boolean().optional() }).strict()]),
  removeProfile: z.tuple([profileName]),
  /** Whether a profile can be removed, asked before the person is asked to confirm: fails as removeProfile would (PROFILE_IN_USE). */
  profileRemovable: z.tuple([profileName]),
  setApiKey: z.tuple([profileName, apiKey]),
  clearApiKey: z.tuple([profileName]),
  account: z.tuple([profileName.optional()]),
  signIn: z.tuple([profileName.optional()]),
  /** Stops a sign-in waiting for the browser: its signIn call fails with CANCELLED. */
  cancelSignIn: z.tuple([profileName.optional()]),
  signOut: z.tuple([profileName.optional()]),
  /**
   * Jobs: the caller names the job (a random UUID it makes) so it knows the job before the first
   * event; the call answers at once (null), and the job reports through events carrying that id.
   */
  /**
   * `again`: register content already registered (with `document`: start a document with a file
   * registered as a record). The files are anchored together, one registration for the call
   * (docs/design/batches-and-rounds.md), unless `separately` or `document`.
   */
  notarise: z.tuple([
    jobId,
    z.array(fileRef).min(1).max(100_000),
    z.object({ document: z.boolean().optional(), again: z.boolean().optional(), separately: z.boolean().optional() }).strict(),
  ]),
  /** `receipt`: one file's receipt; `receipts`: each file's, in the files' order (a drop of files with their receipts, one job). */
  verify: z.tuple([
    jobId,
    z.array(fileRef).min(1).max(100_000),
    z.object({ offline: z.boolean().optional(), receipt: fileRef.optional(), receipts: z.array(fileRef).max(100_000).optional() }).strict(),
  ]),
  /** A receipt alone: every step that needs no file (the file digest is skipped). */
  verifyReceipt: z.tuple([jobId, fileRef, z.object({ offline: z.boolean().optional() }).strict()]),
  cancelJob: z.tuple([jobId]),
  queryRecords: z.tuple([recordQuery]),
  getRecord: z.tuple([itemRef]),
  /** For a record imported from a receipt: the service the receipt names and the profile that reaches it now; null for Notarium's own. */
  recordService: z.tuple([recordId]),
  exportReceipt: z.tuple([itemRef]),
  /** The receipt (a document version's: the document's receipts and index), the offline verifier page, verify.html, and README.txt in a language, as one zip. */
  exportProofBundle: z.tuple([itemRef, certificateLanguage.optional()]),
  /** Completes the record's pending receipt file in place once its registration is in a block (`notarium receipt upgrade`). */
  upgradeReceipt: z.tuple([itemRef]),
  showInFolder: z.tuple([itemRef]),
  /** Sends a record that was never sent (RecordView.notSent) now, as the engine would at its next start. */
  sendNow: z.tuple([recordId]),
  /** Removes a record that was never sent (RecordView.notSent: nothing of it was registered), with what stood on it alone. */
  removeNotSent: z.tuple([recordId]),
  /** The transaction's page in the profile's explorer, in the system browser. */
  openExplorer: z.tuple([recordId]),
  pendingCount: z.tuple([]),
  listDocuments: z.tuple([]),
  documentHistory: z.tuple([documentId]),
  addVersion: z.tuple([documentId, fileRef]),
  finaliseDocument: z.tuple([documentId]),
  exportDocument: z.tuple([documentId]),
  whichVersion: z.tuple([fileRef]),
  /** The printable certificate as a self-contained HTML page, in a language (English when not given). */
  certificate: z.tuple([itemRef, certificateLanguage.optional()]),
  /** The same certificate printed to PDF (Electron's printToPDF; Chromium in the web shell). */
  certificatePdf: z.tuple([itemRef, certificateLanguage.optional()]),
  listWatchedFolders: z.tuple([]),
  /** The desktop app's folder picker (null when cancelled); the web shell has none. */
  chooseFolder: z.tuple([]),
  addWatchedFolder: z.tuple([folderPath, watchSettings]),
  updateWatchedFolder: z.tuple([folderPath, watchSettings]),
  /** Stops watching; the folder's records stay in the library. */
  removeWatchedFolder: z.tuple([folderPath]),
  pauseWatchedFolder: z.tuple([folderPath]),
  resumeWatchedFolder: z.tuple([folderPath]),
  /** A folder whose chain was finalised elsewhere: its next round starts a new chain, and it is watched again. */
  startNewWatchedChain: z.tuple([folderPath]),
  /** The user's own folders a path typed so far completes to (the web shell's way to choose a folder). */
  completeFolder: z.tuple([z.string().max(4096, said('A folder path has at most 4,096 characters.'))]),
  watchProgress: z.tuple([]),
  fileManagerIntegration: z.tuple([]),
  /** Adds "Verify with Notarium" to the file managers (true) or takes it away (false). */
  setFileManagerIntegration: z.tuple([z.boolean()]),
  /** The language the page shows (its choice in Settings, else the system's): the desktop's tray, menu and dialogs follow it. */
  setLanguage: z.tuple([z.enum(LANGUAGES)]),
} as const satisfies Record<CallName, z.ZodType>;

/** What each call resolves to. */
export interface CallResults {
  appInfo: AppInfo;
  listProfiles: ProfileView[];
  useProfile: ProfileView;
  saveProfile: ProfileView;
  removeProfile: null;
  profileRemovable: null;
  setApiKey: { apiKeySet: true };
  clearApiKey: { apiKeySet: false };
  account: AccountView;
  signIn: AccountView;
  cancelSignIn: null;
  signOut: AccountView;
  notarise: null;
  verify: null;
  verifyReceipt: null;
  cancelJob: null;
  /** `capped`: a search finding many was counted only so far, and more than `total` rows match. */
  queryRecords: { records: RecordView[]; total: number; capped?: true };
  getRecord: RecordView;
  recordService: ServiceView | null;
  exportReceipt: { path: string | null; fileName: string; receipt: string };
  exportProofBundle: { fileName: string; zipBase64: string; receipts: number };
  /** `complete`: it already named its block; `pending`: not in a block yet; both leave the file as it was. */
  upgradeReceipt: { status: 'complete' | 'upgraded' | 'pending'; path: string; message: string };
  showInFolder: null;
  /** The record after the send: published, or still not sent (the call then fails with the reason). */
  sendNow: RecordView;
  removeNotSent: null;
  openExplorer: null;
  pendingCount: number;
  listDocuments: DocumentView[];
  documentHistory: HistoryView;
  addVersion: RecordView;
  finaliseDocument: RecordView;
  /** The document's export (one receipt per version, and the index of versions) as one zip, and how many receipts it holds. */
  exportDocument: { fileName: string; zipBase64: string; receipts: number };
  whichVersion: { document: DocumentView; version: number | null; versions: number } | null;
  certificate: { html: string; fileName: string };
  certificatePdf: { pdfBase64: string; fileName: string };
  listWatchedFolders: WatchedFolderView[];
  chooseFolder: string | null;
  addWatchedFolder: WatchedFolderView;
  updateWatchedFolder: WatchedFolderView;
  removeWatchedFolder: null;
  pauseWatchedFolder: WatchedFolderView;
  resumeWatchedFolder: WatchedFolderView;
  startNewWatchedChain: WatchedFolderView;
  completeFolder: string[];
  watchProgress: WatchProgressView;
  fileManagerIntegration: FileManagerView;
  setFileManagerIntegration: FileManagerView;
  setLanguage: null;
}

export type NotariumApi = {
  [K in CallName]: (...args: z.input<(typeof CALLS)[K]>) => Promise<CallResults[K]>;
};

/** Every event the core sends to the page. */
export interface NotariumEvents {
  'record-updated': RecordView;
  /** Another process wrote to the library (`notarium notarise` beside the app, say): lists showing it are read again. */
  'library-changed': null;
  'pending-count': number;
  /** The language the page shows changed (setLanguage): what the shell says itself follows it. */
  language: Language;
  'account-changed': AccountView;
  /**
   * A sign-in waits for the identity portal's page at `url`: the page shows it, to open by hand
   * when the browser did not show it (`opened`: false, no browser could be opened at all; always
   * false in the web shell, whose page opens it in a new tab).
   */
  'sign-in-link': { profile: string; url: string; opened: boolean };
  /** retrying: `attempt` (2 is the first retry), `message` (why, in words), `retryAt` (ms since the epoch). */
  'notarise-progress': JobFile & {
    jobId: string;
    name: string;
    phase: NotarisePhase;
    bytes?: number;
    total?: number;
    attempt?: number;
    message?: string;
    retryAt?: number;
  };
  /**
   * `status`: notarise's outcome (registered, already-registered, not-sent, in-doubt, failed…), or
   * `already-a-record`: a document was asked of content registered as a record (`record`), so none
   * was started; `notarise` with `again` starts it with a registration of its own.
   */
  'notarise-done': {
    jobId: string;
    /** `record`: the file's registration as the Library shows the file (a batch's file: with `batch.member`). */
    outcomes: (JobFile & { name: string; status: string; record: RecordView | null; error: ErrorData | null })[];
  };
  'verify-result': JobFile & { jobId: string; result: VerificationView };
  'verify-done': { jobId: string; counts: Record<VerificationView['status'], number> };
  /** Something went wrong in the background (a status check, a receipt not written, a job that failed as a whole). */
  'background-error': { recordId: number | null; error: ErrorData };
  /** The shell asks the UI to open Verify with these results (argv --verify, file associations). */
  'open-verify': { jobId: string };
  /** The shell started notarising (File ▸ Notarise…): the UI shows that job's progress. */
  'open-notarise': { jobId: string };
  'watch-progress': WatchProgressView;
  'watch-folder': WatchedFolderView;
  /** What a watched folder's file became: waiting for its folder's next round, registered or a new version in a round, already known, renamed… */
  /** `state`: its registration's state then; `round`: the folder's round it is in (registered, version). */
  'watch-file': {
    folder: string;
    path: string;
    relPath: string;
    action: string;
    recordId: number | null;
    state: RecordState | null;
    round: { number: number; files: number } | null;
    error: ErrorData | null;
  };
  /** A registration reached an outcome worth a notification (the desktop shell shows it itself; the web shell's page does). */
  notice: NoticeView;
  /** The shell asks the UI to open the Library on this registration (a notification was clicked); null: the Library alone. */
  'open-record': { recordId: number | null };
}

// Compile-time: the names list and the declarations above hold exactly the same events.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const eventNamesMatch: Exactly<EventName, keyof NotariumEvents> = true;
void eventNamesMatch;

/** What the page sees as `window.notarium`: the calls, and `on` for events. */
export type NotariumBridge = NotariumApi & {
  on<E extends EventName>(event: E, listener: (payload: NotariumEvents[E]) => void): () => void;
};

/** In Electron the page can also learn a dropped file's path (webUtils.getPathForFile). */
export type ElectronBridge = NotariumBridge & { pathForFile(file: File): string };

/**
 * Validates a call's arguments on the main side. A limit a form can reach is INVALID_ARGUMENT, with
 * its sentence for the form; anything else is BAD_CALL (a page that does not keep the contract).
 */
export function parseCall(method: string, args: unknown): { method: CallName; args: unknown[] } {
  if (!Object.hasOwn(CALLS, method)) throw refusal('BAD_CALL', `There is no call named "${clip(method, 64)}".`);
  const result = CALLS[method as CallName].safeParse(args);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    if (FOR_PEOPLE.has(issue.message)) throw refusal('INVALID_ARGUMENT', issue.message);
    if (issue.path.length === 0 && (issue.code === 'too_big' || issue.code === 'too_small') && issue.origin === 'array') {
      const [bound, n] = issue.code === 'too_big' ? ['at most', Number(issue.maximum)] : ['at least', Number(issue.minimum)];
      throw refusal('BAD_CALL', `The call ${method} was refused: it takes ${n === 0 ? 'no arguments' : `${bound} ${n} argument${n === 1 ? '' : 's'}`}.`);
    }
    // The input may be huge or hostile: what the sentence repeats of it is bounded.
    const where = issue.path.length ? `argument ${clip(issue.path.map((p) => clip(String(p), 32)).join('.'), 100)}` : 'its arguments';
    throw refusal('BAD_CALL', `The call ${method} was refused: ${where}: ${clip(issue.message, 160)}.`);
  }
  return { method: method as CallName, args: result.data };
}

function refusal<C extends 'BAD_CALL' | 'INVALID_ARGUMENT'>(code: C, sentence: string): Error & { code: C } {
  return Object.assign(new Error(sentence), { code });
}

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
