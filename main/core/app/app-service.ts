import { basename } from 'node:path';
import type { AccountView, EventName, FileRef, JobFile, NotariumApi, NotariumEvents, ProfileView } from '../../../preload/contract.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { NotariumError } from '../errors/notarium-error.ts';
import type { HashResult } from '../hashing/hash-pool.ts';
import type { Notary } from '../notary.ts';
import type { NotaryContext } from '../usecases/context.ts';
import { serializeReceipt, receiptFileName } from '../receipts/receipt-v1.ts';
import type { XdgDirs } from '../desktop-integration/index.ts';
import { apiKeyAccount } from '../secrets/accounts.ts';
import { hasUsableApiKey, setApiKey } from '../secrets/api-key.ts';
import type { Profile, ProfileInput } from '../store/profiles.ts';
import type { StoredRecord } from '../store/record.ts';
import { zipArchive } from '../archive/zip-archive.ts';
import { documentExport } from '../usecases/document-export.ts';
import { documentHistory } from '../usecases/document-history.ts';
import { addVersion, finaliseDocument, whichVersion } from '../usecases/documents.ts';
import { notarise } from '../usecases/notarise.ts';
import { gatherEvidence, receiptOf, writeReceipt } from '../usecases/receipts.ts';
import { verifyFile, verifyPaths, verifyReceiptFile } from '../usecases/verify.ts';
import { certificateHtml } from './certificate.ts';
import { fanOut } from './fan-out.ts';
import { fileManagerCalls } from './file-manager-calls.ts';
import { watchCalls } from './watch-calls.ts';
import { documentView, historyView, noVerifications, recordView, verificationView, versionCount } from './views.ts';

/** The settings that say which identity service signs a profile in, and for which client. */
const IDENTITY_SETTINGS = ['authUrl', 'envId', 'authorizeUrl', 'clientId', 'issuer', 'audience'] as const;

/**
 * The contract's calls implemented over the engine, the same for both shells. A shell passes in
 * what only it can do (resolve a dropped file to a path, open the system browser, show a file in
 * its folder) and forwards the events to its page.
 */

export interface ShellAbilities {
  shell: 'electron' | 'web';
  /** A readable path for a file the page named (Electron: its path; web shell: the upload). */
  resolveFile(ref: FileRef): string;
  /** The name to show for a file the page named (default: the path's base name). */
  nameOf?(ref: FileRef): string;
  /** A digest the shell already knows for one of its files (the web shell hashes uploads as they arrive). */
  digestOf?: (path: string) => HashResult | undefined;
  /** The work that named these files is over (the web shell deletes its uploads). */
  releaseFiles?(refs: readonly FileRef[]): void;
  /** The system browser, for sign-in (Electron: shell.openExternal of this URL only). */
  openExternal(url: string): Promise<void>;
  /** The system browser on a transaction's explorer page (a URL the core built from the profile). */
  openExplorerPage(url: string): Promise<void>;
  showInFolder(path: string): void;
  /** Prints a self-contained HTML page to PDF (Electron's printToPDF; headless Chromium otherwise). */
  printPdf(html: string): Promise<Uint8Array>;
  /** A folder picker (the desktop app's dialog); null when cancelled. */
  chooseFolder?(): Promise<string | null>;
  /** How file managers start this app to verify (argv before `--verify`), where that is offered. */
  verifyCommand?: readonly string[];
  /** Where file-manager entries go (tests); default from the environment. */
  xdgDirs?: XdgDirs;
}

export interface AppService {
  api: NotariumApi;
  /** Sends every event to `emit` until the returned function is called. */
  subscribe(emit: <E extends EventName>(event: E, payload: NotariumEvents[E]) => void): () => void;
  close(): Promise<void>;
}

type Emit = <E extends EventName>(event: E, payload: NotariumEvents[E]) => void;

/** The engine's context, answering digests the shell already knows without reading the file again. */
function withKnownDigests(ctx: NotaryContext, digestOf: ShellAbilities['digestOf']): NotaryContext {
  if (!digestOf) return ctx;
  return { ...ctx, hash: async (path, options) => digestOf(path) ?? ctx.hash(path, options) };
}

export function createAppService(notary: Notary, abilities: ShellAbilities): AppService {
  const ctx = withKnownDigests(notary.context, abilities.digestOf);
  const { library } = notary;
  const listeners = new Set<Emit>();
  const emit: Emit = (event, payload) => fanOut(listeners, event, payload);
  const jobs = new Map<string, AbortController>();
  // With the sandbox's explorer page filled in once its address is known.
  const profile = (name: string): Profile | undefined => {
    const p = library.profiles.get(name);
    return p && { ...p, explorerLinkUrl: notary.connections.explorerLink(p) };
  };
  const view = (r: StoredRecord) => recordView(r, profile(r.profile), library.records);
  const nameOf = (ref: FileRef) => abilities.nameOf?.(ref) ?? basename(abilities.resolveFile(ref));
  // Only real paths are kept (receipts beside the file, "show in folder"); uploads are temporary.
  const keepsPaths = abilities.shell === 'electron';
  const record = (id: number): StoredRecord => {
    const r = library.records.get(id);
    if (!r) throw new NotariumError('NOT_FOUND', 'The library has no such registration.');
    return r;
  };
  const document = (id: number) => {
    const d = library.documents.get(id);
    if (!d) throw new NotariumError('NOT_FOUND', 'The library has no such document.');
    return d;
  };

  const certificateOf = async (id: number): Promise<string> => {
    const r = await gatherEvidence(ctx, record(id));
    return certificateHtml(r, receiptOf(ctx, r), profile(r.profile));
  };

  const onRecord = (r: StoredRecord): void => {
    emit('record-updated', view(r));
    emit('pending-count', library.records.pendingCount());
  };
  const onBackgroundError = (r: StoredRecord | null, message: string): void => emit('background-error', { recordId: r?.id ?? null, message });
  notary.events.on('record-updated', onRecord);
  notary.events.on('background-error', onBackgroundError);
  const watching = watchCalls(notary, emit);

  async function profileView(p: Profile): Promise<ProfileView> {
    const apiKeySet = p.kind === 'sandbox' || (await hasUsableApiKey(p, notary.secrets).catch(() => false));
    return {
      name: p.name,
      kind: p.kind,
      baseUrl: p.baseUrl,
      authUrl: p.authUrl,
      envId: p.envId,
      authorizeUrl: p.authorizeUrl,
      clientId: p.clientId,
      explorerTxUrl: p.explorerTxUrl,
      explorerHeaderUrl: p.explorerHeaderUrl,
      explorerLinkUrl: p.explorerLinkUrl,
      network: p.network,
      networkSource: p.networkSource,
      networkDetectedFrom: p.networkDetectedFrom,
      targetConfirmations: p.targetConfirmations,
      expectedBlockSeconds: p.expectedBlockSeconds,
      resubmitAfterSeconds: p.resubmitAfterSeconds,
      idempotentWrites: p.idempotentWrites,
      current: p.name === library.profiles.currentName(),
      apiKeySet,
    };
  }

  async function account(name = library.profiles.currentName()): Promise<AccountView> {
    const profileName = library.profiles.require(name).name;
    const available = Boolean((await ctx.connections.forProfile(profileName)).auth);
    const signIn = notary.signIn(profileName);
    const state = signIn.state.status === 'signed-in' || !available ? signIn.state : await signIn.restore().catch(() => signIn.state);
    if (state.status === 'signed-out') return { profile: profileName, status: 'signed-out', available, ...(state.message ? { message: state.message } : {}) };
    const claims = await signIn.grantedClaims().catch(() => []);
    const { subject, name: person, email, groups, expiresAt } = state.identity;
    return { profile: profileName, status: 'signed-in', available: true, identity: { subject, groups, expiresAt, ...(person ? { name: person } : {}), ...(email ? { email } : {}) }, claims };
  }

  const release = (refs: readonly (FileRef | undefined)[]): void => abilities.releaseFiles?.(refs.filter((r) => r !== undefined));

  /**
   * A job that reports through events under the id its caller made (the page knows it before the
   * first event): the call answers at once. The files it names are released when it ends.
   */
  function job(jobId: string, files: readonly (FileRef | undefined)[], run: (signal: AbortSignal) => Promise<void>): null {
    if (jobs.has(jobId)) {
      release(files);
      throw new NotariumError('USAGE', 'A job with this id is already running: make a new id (a random UUID) for each job.');
    }
    const controller = new AbortController();
    jobs.set(jobId, controller);
    void run(controller.signal)
      .catch((err: unknown) => emit('background-error', { recordId: null, message: err instanceof Error ? err.message : String(err) }))
      .finally(() => {
        jobs.delete(jobId);
        release(files);
      });
    return null;
  }

  /** A call that uses a file and answers when done with it. */
  async function usingFile<T>(file: FileRef, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      release([file]);
    }
  }

  const api: NotariumApi = {
    appInfo: async () => ({ version: packageJson.version, shell: abilities.shell, filePaths: abilities.shell === 'electron' }),
    listProfiles: async () => Promise.all(library.profiles.list().map(profileView)),
    useProfile: async (name) => {
      const p = library.profiles.use(name);
      ctx.connections.reset();
      emit('account-changed', await account(p.name));
      return profileView(p);
    },
    saveProfile: async (input, options) => {
      const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as unknown as ProfileInput;
      // A new address leaves the API key behind unless the person confirmed keeping it (Settings asks).
      const before = library.profiles.get(given.name);
      // Settings the form does not show (the issuer, the audience, the time before a rejection) are kept.
      const merged = before?.kind === 'service' ? { ...library.profiles.inputOf(before), ...given } : given;
      const saved = library.profiles.save(merged, { keepApiKey: options.keepApiKey });
      ctx.connections.reset();
      // Receipts held for a network its blocks disproved are written once the label fits.
      await notary.writeHeldReceipts(saved.name);
      if (before && IDENTITY_SETTINGS.some((k) => before[k] !== saved[k])) {
        // Tokens belong to the identity service that issued them (secrets/refresh-token.ts): a new one starts signed out.
        await notary.signIn(saved.name).signOut(`The profile "${saved.name}" now signs in with another identity service, so it was signed out: sign in again.`);
        emit('account-changed', await account(saved.name));
      }
      return profileView(saved);
    },
    removeProfile: async (name) => {
      library.profiles.remove(name);
      ctx.connections.reset();
      return null;
    },
    setApiKey: async (name, key) => {
      await setApiKey(library.profiles, notary.secrets, name, key);
      return { apiKeySet: true };
    },
    clearApiKey: async (name) => {
      await notary.secrets.delete(apiKeyAccount(library.profiles.require(name).name));
      return { apiKeySet: false };
    },
    account: async (name) => account(name),
    signIn: async (name) => {
      await notary.signIn(name).signIn({ open: (url) => abilities.openExternal(url) });
      const view = await account(name);
      emit('account-changed', view);
      return view;
    },
    signOut: async (name) => {
      await notary.signIn(name).signOut();
      const view = await account(name);
      emit('account-changed', view);
      return view;
    },
    notarise: async (jobId, files, options) =>
      job(jobId, files, async (signal) => {
        // In the call's order, a path given twice included: events name files by their index there.
        const paths = files.map((f) => abilities.resolveFile(f));
        const names = new Map(files.map((f, i) => [paths[i]!, nameOf(f)]));
        const describe = (path: string) => ({ name: names.get(path) ?? basename(path), path: keepsPaths ? path : null });
        const outcomes = await notarise(ctx, paths, {
          document: options.document,
          signal,
          describe,
          onProgress: ({ path, ...p }) => emit('notarise-progress', { jobId, name: names.get(path) ?? basename(path), ...p }),
        });
        notary.startPoller();
        emit('notarise-done', {
          jobId,
          outcomes: outcomes.map((o) => ({
            index: o.index,
            inFolder: o.inFolder,
            name: names.get(o.path) ?? basename(o.path),
            status: o.status,
            record: o.record ? view(o.record) : null,
            error: o.status === 'failed' || o.status === 'in-doubt' ? { code: o.error.code, message: o.error.message } : null,
          })),
        });
      }),
    verify: async (jobId, files, options) =>
      job(jobId, [...files, options.receipt], async (signal) => {
        const counts = noVerifications();
        const report = (result: Parameters<typeof verificationView>[0], name: string, origin: JobFile) => {
          counts[result.status]++;
          emit('verify-result', { jobId, ...origin, result: verificationView(result, name) });
        };
        if (options.receipt) {
          const file = files[0]!;
          report(await verifyFile(ctx, abilities.resolveFile(file), { receipt: abilities.resolveFile(options.receipt), offline: options.offline, signal }), nameOf(file), { index: 0, inFolder: null });
        } else {
          const paths = files.map((f) => abilities.resolveFile(f));
          const names = new Map(files.map((f, i) => [paths[i]!, nameOf(f)]));
          await verifyPaths(ctx, paths, { offline: options.offline, signal, onResult: (r, origin) => report(r, names.get(r.path) ?? basename(r.path), origin) });
        }
        emit('verify-done', { jobId, counts });
      }),
    verifyReceipt: async (jobId, receipt, options) =>
      job(jobId, [receipt], async (signal) => {
        const result = await verifyReceiptFile(ctx, abilities.resolveFile(receipt), undefined, { offline: options.offline, signal });
        emit('verify-result', { jobId, index: 0, inFolder: null, result: verificationView(result, nameOf(receipt)) });
        emit('verify-done', { jobId, counts: { ...noVerifications(), [result.status]: 1 } });
      }),
    cancelJob: async (jobId) => {
      jobs.get(jobId)?.abort();
      return null;
    },
    queryRecords: async (query) => {
      const { records, total } = library.records.query(query);
      return { records: records.map(view), total };
    },
    getRecord: async (id) => view(record(id)),
    exportReceipt: async (id) => {
      const r = await gatherEvidence(ctx, record(id));
      const receipt = serializeReceipt(receiptOf(ctx, r));
      // Beside the file when the app knows where it is; the web shell's page downloads it instead.
      const path = abilities.shell === 'electron' && r.path ? await writeReceipt(ctx, r) : null;
      return { path, fileName: receiptFileName(r.name), receipt };
    },
    openExplorer: async (id) => {
      const link = view(record(id)).explorerLink;
      if (!link) throw new NotariumError('USAGE', 'This profile names no explorer page: add one (a URL with {txId}) in its settings.');
      await abilities.openExplorerPage(link);
      return null;
    },
    showInFolder: async (id) => {
      const r = record(id);
      if (!r.path) throw new NotariumError('USAGE', 'Notarium does not know where this file is.');
      abilities.showInFolder(r.path);
      return null;
    },
    pendingCount: async () => library.records.pendingCount(),
    listDocuments: async () => library.documents.list().map((d) => documentView(d, versionCount(library.records.ofDocument(d.id)))),
    documentHistory: async (id) => {
      const d = document(id);
      const history = await documentHistory(ctx, d.headTxId ?? d.firstTxId ?? '', { profile: d.profile });
      return historyView(d, history, library.records.ofDocument(d.id), view);
    },
    addVersion: async (id, file) =>
      usingFile(file, async () => {
        const path = abilities.resolveFile(file);
        const name = nameOf(file);
        return view(await addVersion(ctx, path, { documentId: document(id).id }, { describe: () => ({ name, path: keepsPaths ? path : null }) }));
      }),
    finaliseDocument: async (id) => view(await finaliseDocument(ctx, { documentId: document(id).id })),
    exportDocument: async (id) => {
      const d = document(id);
      const files = await documentExport(ctx, d);
      const zip = zipArchive(files.map((f) => ({ name: f.fileName, data: f.text })), new Date(ctx.now()));
      return { fileName: `${d.name} receipts.zip`, zipBase64: Buffer.from(zip).toString('base64'), receipts: files.filter((f) => f.receiptOf).length };
    },
    whichVersion: async (file) =>
      usingFile(file, async () => {
        const found = await whichVersion(ctx, abilities.resolveFile(file));
        if (!found) return null;
        return { document: documentView(found.document, versionCount(library.records.ofDocument(found.document.id))), version: found.matches[0]?.version ?? null, versions: found.versions };
      }),
    certificate: async (id) => ({ html: await certificateOf(id), fileName: `${record(id).name}.certificate.html` }),
    ...watching.api,
    chooseFolder: async () => {
      if (!abilities.chooseFolder) throw new NotariumError('USAGE', "The browser cannot tell Notarium a folder's path: type it instead.");
      return abilities.chooseFolder();
    },
    ...fileManagerCalls({ shell: abilities.shell, platform: process.platform, verifyCommand: abilities.verifyCommand, dirs: abilities.xdgDirs }),
    certificatePdf: async (id) => {
      const pdf = await abilities.printPdf(await certificateOf(id));
      return { pdfBase64: Buffer.from(pdf).toString('base64'), fileName: `${record(id).name}.certificate.pdf` };
    },
  };

  return {
    api,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      for (const controller of jobs.values()) controller.abort();
      notary.events.off('record-updated', onRecord);
      notary.events.off('background-error', onBackgroundError);
      watching.dispose();
      listeners.clear();
    },
  };
}
