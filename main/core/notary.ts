import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { TransportOptions } from './api/http-client.ts';
import type { OriginPacer } from './api/origin-pacer.ts';
import { embeddedSandboxDir } from './app-paths.ts';
import { SignIn } from './auth/sign-in.ts';
import { asNotariumError, NotariumError } from './errors/notarium-error.ts';
import { Connections } from './connections.ts';
import { HashPool } from './hashing/hash-pool.ts';
import { Poller, SYSTEM_TIMERS, type StatusAnswer, type Timers } from './poller/poller.ts';
import { EmbeddedSandbox } from './sandbox-host/embedded-sandbox.ts';
import { KeychainSecretStore } from './secrets/keychain-secret-store.ts';
import { librarySecrets } from './secrets/library-secrets.ts';
import type { SecretStore } from './secrets/secret-store.ts';
import { Library } from './store/library.ts';
import { LibraryChanges } from './store/library-changes.ts';
import { inBlock, type StoredRecord } from './store/record.ts';
import type { BatchMember } from './store/batches.ts';
import type { NotaryContext } from './usecases/context.ts';
import type { Follower } from './usecases/follow.ts';
import { writeBatchReceipts } from './usecases/batch-receipts.ts';
import { afterStatus, catchUp } from './usecases/life-cycle.ts';
import { checkReceiptNetwork } from './usecases/receipt-network.ts';
import { completeImportedInPlace } from './usecases/receipt-upgrade.ts';
import { gatherEvidence, hasCompleteReceipt, lacksEvidence, writeReceipt } from './usecases/receipts.ts';
import { FolderWatcher } from './watch/folder-watcher.ts';
import { newLeaseOwner } from './usecases/send-lease.ts';
import { installedCommand, type SuggestedCommand } from './text/suggested-command.ts';

/**
 * The notary engine every shell (desktop, web, CLI) uses: the library, the hashing pool, the
 * connections to services, and the poller, wired once. Use-cases take its context.
 */

export interface NotaryEvents {
  'record-updated': [record: StoredRecord];
  /** Another process wrote to the library (a command beside the app, another engine): what is shown of it may have changed. */
  'library-changed': [];
  /** Something went wrong in the background (a status check, a receipt that could not be written, the watcher); never thrown to a caller. */
  'background-error': [record: StoredRecord | null, error: NotariumError];
}

export interface NotaryOptions {
  /** Notarium's data directory (library, embedded sandbox). */
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  secrets?: SecretStore;
  now?: () => number;
  /** The poller's clock and timers (a test's manual clock; its `now` is then the engine's too); default the system's, on `now`. */
  timers?: Timers;
  /** Seconds between blocks of the embedded sandbox (default 10). */
  sandboxBlockInterval?: number;
  transport?: TransportOptions;
  /** The pace of the profiles' explorers (default: the process's, at WhatsOnChain's rate: origin-pacer.ts). */
  explorerPacer?: OriginPacer;
  /** Write a receipt next to the file when its registration is in a block (default true). */
  autoReceipts?: boolean;
  pollerConcurrency?: number;
  pollerRatePerSecond?: number;
  /** Files of watched folders taken at once (default 4). */
  watchConcurrency?: number;
  /** How sentences say a command to run (NotaryContext.command); default `notarium <words>`. */
  command?: SuggestedCommand;
  /** The profile a command names (`--profile`): NOTARIUM_BASE_URL and NOTARIUM_API_KEY apply to it (default: the current profile). */
  profileInUse?: string;
}

export class Notary {
  readonly library: Library;
  readonly connections: Connections;
  readonly sandbox: EmbeddedSandbox;
  readonly poller: Poller;
  readonly events = new EventEmitter<NotaryEvents>();
  readonly context: NotaryContext;
  /** Watched folders: started by the shell that wants them (the app, `notarium watch`). */
  readonly watcher: FolderWatcher;
  private readonly hashPool = new HashPool();
  readonly secrets: SecretStore;
  private readonly signIns = new Map<string, SignIn>();
  /** What other processes write to the library, heard while the app runs (startBackground) and by the watcher. */
  readonly libraryChanges: LibraryChanges;
  private stopHearing: (() => void) | null = null;
  /** What startPoller caught up on: close waits for it, as for checks under way. */
  private catchingUp: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: NotaryOptions) {
    const timers = options.timers;
    const now = timers ? () => timers.now() : (options.now ?? Date.now);
    const env = options.env ?? process.env;
    const command = options.command ?? installedCommand;
    const blockInterval = options.sandboxBlockInterval ?? 10;
    this.library = Library.open(options.dataDir, now);
    // Part of opening, synchronous as the library's own opening is.
    this.library.profiles.sync.tuneSandbox(blockInterval);
    this.sandbox = new EmbeddedSandbox(embeddedSandboxDir({ ...env, NOTARIUM_HOME: options.dataDir }), { blockInterval, clock: now });
    this.secrets = librarySecrets(options.secrets ?? new KeychainSecretStore(), this.library.id);
    this.connections = new Connections({
      profiles: this.library.profiles,
      sandbox: this.sandbox,
      secrets: this.secrets,
      env,
      transport: options.transport,
      profileInUse: options.profileInUse,
      command,
      explorerPacer: options.explorerPacer,
    });
    this.poller = new Poller({
      records: this.library.records,
      profile: (name) => this.library.profiles.require(name),
      check: (record) => this.statusOf(record),
      onUpdate: (record, before, answer) => this.afterCheck(record, before, answer),
      onError: (record, err) => {
        // A synchronous listener: the profile is read after it returns, and a failure to read it is reported too.
        if (record)
          this.connections.noteFailure(record.profile, err).catch((failed: unknown) => this.events.emit('background-error', record, asNotariumError(failed)));
        this.events.emit('background-error', record, asNotariumError(err));
      },
      concurrency: options.pollerConcurrency,
      ratePerSecond: options.pollerRatePerSecond,
      timers: options.timers ?? { ...SYSTEM_TIMERS, now },
    });
    this.context = {
      library: this.library,
      connections: this.connections,
      hash: (path, o) => this.hashPool.hashFile(path, o),
      now,
      newKey: () => randomUUID(),
      leaseOwner: newLeaseOwner(),
      recordUpdated: (record) => this.events.emit('record-updated', record),
      wakePoller: () => this.poller.wake(),
      command,
    };
    this.libraryChanges = new LibraryChanges(this.library.db, { timers: SYSTEM_TIMERS });
    this.watcher = new FolderWatcher({ context: this.context, concurrency: options.watchConcurrency, changes: this.libraryChanges });
  }

  /** Asks the service about a record, by the endpoint its kind uses: one request, the poller's schedule is its retry. */
  private async statusOf(record: StoredRecord): Promise<StatusAnswer> {
    const { api } = await this.connections.forProfile(record.profile);
    const call = { maxAttempts: 1 };
    const answer = record.kind === 'record' ? await api.recordStatus(record.txId!, call) : await api.linkedStatus(record.txId!, call);
    if (answer.kind === 'unknown') return answer;
    if (!answer.confirmation) return { kind: 'pending' };
    return { kind: 'confirmed', confirmation: { ...answer.confirmation } };
  }

  /**
   * The life cycle first (the first submission in a block is the registration, its document's next
   * version goes, one long unmined is sent again); then, in a block for the first time or settled,
   * keep the evidence and write the receipt beside the file (or where its watched folder keeps receipts).
   */
  private async afterCheck(record: StoredRecord, before: StoredRecord, answer: StatusAnswer | undefined): Promise<void> {
    try {
      await afterStatus(this.context, record, answer?.kind, before);
    } catch (err) {
      this.events.emit('background-error', this.library.records.get(record.id) ?? record, asNotariumError(err));
    }
    // A watched folder's round in a block: the folder's next round may go (docs/design/batches-and-rounds.md, rounds).
    this.watcher.roundMayGo(record);
    // A block named before and another now is a reorganisation: the evidence and the receipts are the old block's.
    const moved = inBlock(record) && before.blockHash !== null && record.blockHash !== before.blockHash;
    const reached = (record.state === 'confirmed' && before.state === 'published') || (record.state === 'settled' && before.state !== 'settled') || moved;
    let current = this.library.records.get(record.id) ?? record;
    if (reached) current = await this.keepEvidence(current, 'all');
    // Evidence the explorer did not give at first, asked for again at each later check: the receipts are rewritten once it comes.
    else if (lacksEvidence(current)) current = await this.evidenceAgain(current);
    if (current.state !== before.state || current.confirmations !== before.confirmations || current.lastError !== before.lastError || reached) {
      this.events.emit('record-updated', current);
    }
  }

  /**
   * The evidence kept, the network label checked against the block (a label it disproves holds the
   * receipt back: receipt-network.ts), then the receipts written: `all` (the block is news to this
   * engine, or the record settled), or only those `missing`. Why a receipt is held is said when it
   * is first held, and to a command that makes sure of the receipts (it is why there is none).
   */
  private async keepEvidence(record: StoredRecord, write: 'all' | 'missing'): Promise<StoredRecord> {
    let current = await gatherEvidence(this.context, record);
    const wasHeld = current.receiptHeld;
    current = await checkReceiptNetwork(this.context, current);
    if (current.receiptHeld !== null && (current.receiptHeld !== wasHeld || write === 'missing'))
      this.events.emit('background-error', current, new NotariumError('NETWORK_MISMATCH', current.receiptHeld));
    if (current.receiptHeld === null) return this.autoReceipt(current, write);
    // Held until its label fits: writeHeldReceipts writes it then, not the owed receipts' catch-up.
    this.library.records.receiptsWritten(current.id);
    return current;
  }

  /** The evidence asked for again; the receipts rewritten when more came. */
  private async evidenceAgain(record: StoredRecord): Promise<StoredRecord> {
    try {
      const retaken = await gatherEvidence(this.context, record);
      const more = retaken.rawTx !== record.rawTx || retaken.blockHeader !== record.blockHeader;
      return more ? await this.keepEvidence(retaken, 'all') : retaken;
    } catch (err) {
      this.events.emit('background-error', record, asNotariumError(err));
      return this.library.records.get(record.id) ?? record;
    }
  }

  /**
   * What a wait that ends in a block promises (`notarise --wait`, `wait`, `version add --wait`):
   * the registration's receipts on disk. The engine that saw the block first writes them, and that
   * may be another process (the app, a second command), still writing them, or gone before it did:
   * this engine writes those not on disk yet (and a pending receipt's completion). Both are receipts
   * of the same registration; the last write stands, each replacing the file in one step. One held
   * or that cannot be written is said, as the engine says it (background-error).
   */
  async ensureReceipts(record: StoredRecord): Promise<StoredRecord> {
    if (!inBlock(record)) return record;
    return this.keepEvidence(record, 'missing');
  }

  /**
   * Writes the receipt beside the file (or where its watched folder keeps them), when the engine
   * writes receipts itself; the record owes none once they are written, or when none is its to write.
   */
  private async autoReceipt(record: StoredRecord, write: 'all' | 'missing' = 'all'): Promise<StoredRecord> {
    if (!(this.options.autoReceipts ?? true)) return record;
    if (await this.writeReceipts(record, write)) this.library.records.receiptsWritten(record.id);
    return this.library.records.get(record.id)!;
  }

  /** True when nothing is owed any more; a receipt that could not be written is said (background-error), and stays owed. */
  private async writeReceipts(record: StoredRecord, write: 'all' | 'missing'): Promise<boolean> {
    if (record.kind === 'linked-delete') return true;
    // An imported receipt is the importer's evidence: rewritten only once the library's own checks
    // vouch for all of it (a pending import its service saw in a block, verified fully), never re-dated before.
    if (record.proofOutcome !== null && record.proofOutcome !== 'verified') return true;
    let written = true;
    const failed = (err: unknown) => {
      written = false;
      this.events.emit('background-error', record, asNotariumError(err));
    };
    // Batches: a batch's registration holds no file; each of its files gets its receipt.
    if (this.library.batches.ofRecord(record)) {
      const placeOf = (member: BatchMember, registration: StoredRecord) => this.watcher.memberReceiptPathFor(member, registration);
      await writeBatchReceipts(this.context, record, (_, err) => failed(err), placeOf, write).catch(failed);
      return written;
    }
    if (write === 'missing' && (await hasCompleteReceipt(record))) return true;
    try {
      // Imported without its file: its receipt is completed where it was imported from.
      if (!record.path) await completeImportedInPlace(this.context, record);
      else {
        const place = this.watcher.receiptPathFor(record);
        await writeReceipt(this.context, record, place?.path, { within: place?.within });
      }
    } catch (err) {
      failed(err);
    }
    return written;
  }

  /**
   * The receipts an engine owed and did not write before it stopped (killed between a block and
   * its receipts, say): written now, each as the block it names asks (records no longer in a block
   * owe none until they are again). Paged by id, so one that still cannot be written is passed.
   */
  private async writeOwedReceipts(): Promise<void> {
    if (!(this.options.autoReceipts ?? true)) return;
    for (let after = 0, page = this.library.records.receiptsOwed(after, 100); page.length > 0; page = this.library.records.receiptsOwed(after, 100)) {
      for (const owed of page) {
        after = owed.id;
        if (!this.poller.running) return;
        if (!inBlock(owed)) this.library.records.receiptsWritten(owed.id);
        else
          await this.keepEvidence(owed, 'all').then(
            (current) => this.events.emit('record-updated', current),
            (err: unknown) => this.events.emit('background-error', owed, asNotariumError(err)),
          );
      }
    }
  }

  /**
   * The receipts held because their profile's network and their block disagreed, looked at again
   * (after the profile was saved, or when the app starts): those the label now fits are written.
   */
  async writeHeldReceipts(profile?: string): Promise<StoredRecord[]> {
    const released: StoredRecord[] = [];
    for (const held of this.library.records.heldReceipts(profile)) {
      let current = await checkReceiptNetwork(this.context, held);
      if (current.receiptHeld !== null) continue;
      if (!current.receiptPath) current = await this.autoReceipt(current);
      released.push(current);
      this.events.emit('record-updated', current);
    }
    return released;
  }

  /** What status and wait need: checks on demand and the stream of changes. */
  get follower(): Follower {
    return {
      checkNow: (record) => this.poller.checkNow(record),
      subscribe: (listener) => {
        this.events.on('record-updated', listener);
        return () => this.events.off('record-updated', listener);
      },
    };
  }

  /** The sign-in of a profile (one per profile for the engine's lifetime). */
  async signIn(profile?: string): Promise<SignIn> {
    const name = (await this.library.profiles.require(profile ?? (await this.library.profiles.currentName()))).name;
    // Looked for and kept in one step after the reads: two sign-ins of one profile share one.
    let signIn = this.signIns.get(name);
    if (!signIn) {
      signIn = new SignIn({
        profile: name,
        connection: () => this.connections.forProfile(name),
        secrets: this.secrets,
        portals: this.library.identityPortals,
        now: this.options.now,
        fetch: this.options.transport?.fetch,
      });
      this.signIns.set(name, signIn);
    }
    return signIn;
  }

  /**
   * Follows every pending registration in the background until it settles, after catching up on
   * what an earlier process left: writes in doubt, versions whose predecessor is now in a block,
   * receipts it owed.
   */
  startPoller(): void {
    if (this.poller.running) return;
    this.poller.start();
    this.catchingUp = catchUp(this.context)
      .then(() => this.writeOwedReceipts())
      .catch((err: unknown) => this.events.emit('background-error', null, asNotariumError(err)));
  }

  /**
   * What the app runs while it is open: the poller, and the watched folders (caught up first).
   * A folder that cannot be watched is reported on the watcher's events, not thrown here.
   */
  startBackground(): void {
    this.startPoller();
    // Registrations made or moved on by another process (`notarium notarise` beside the app): the
    // poller follows what became due, and the shells show it.
    this.stopHearing ??= this.libraryChanges.listen(() => {
      this.poller.wake();
      this.events.emit('library-changed');
    });
    // A profile's network may have been set right while the app was closed (notarium profile add).
    void this.writeHeldReceipts().catch((err: unknown) => this.events.emit('background-error', null, asNotariumError(err)));
    void this.watcher
      .start(undefined, { holder: 'the Notarium app', ifWatchedElsewhere: 'wait' })
      .catch((err: unknown) => this.events.emit('background-error', null, asNotariumError(err)));
  }

  /** Ends every sign-in under way (each one's call fails as cancelled): nothing waits on a browser any more. */
  endSignIns(): void {
    for (const signIn of this.signIns.values()) signIn.dispose();
  }

  async close(): Promise<void> {
    this.stopHearing?.();
    this.endSignIns();
    await this.watcher.stop();
    await this.catchingUp;
    await this.poller.stop();
    await this.hashPool.close();
    await this.sandbox.stop();
    this.library.close();
  }
}
