import { dirname } from 'node:path';
import type { FileRef } from '../../preload/contract.ts';
import { createAppService, type AppService } from '../core/app/app-service.ts';
import { callService } from '../core/app/call-service.ts';
import { NotariumError } from '../core/errors/notarium-error.ts';
import type { Notary } from '../core/notary.ts';
import { printPdfWithChromium } from '../core/print/chromium-pdf.ts';
import type { UploadLimits } from './upload-store.ts';
import { startWebShell, type Bridge, type WebShell } from './web-server.ts';

/**
 * The app in the web shell: the engine's app service behind the loopback server. The page names
 * files only by upload (it cannot see paths); an upload lives until the work that named it ends
 * (or the call that named it is refused). Showing a folder is the platform's; no browser is opened
 * (sign-in, an explorer's page): the page is in one, and opens the portal or the page in a tab.
 */

export interface WebAppOptions {
  /** The built renderer (dist/renderer). */
  staticDir: string;
  showInFolder: (path: string) => void;
  /** Default: the machine's Chromium-family browser, headless. */
  printPdf?: (html: string) => Promise<Uint8Array>;
  uploadLimits?: UploadLimits;
  /** Failures no page should see in full (default: stderr). */
  log?: (line: string) => void;
}

export interface WebApp {
  shell: WebShell;
  service: AppService;
  close(): Promise<void>;
}

export async function startWebApp(notary: Notary, options: WebAppOptions): Promise<WebApp> {
  // The closures below run only once the shell (declared further down) has started.
  const upload = (ref: FileRef) => {
    if (ref.kind !== 'upload') throw new NotariumError('NOT_IN_THIS_SHELL', 'In the browser, files are dropped or chosen, not named by path.');
    const found = shell.uploads.get(ref.uploadId);
    if (!found) throw new NotariumError('UPLOAD_EXPIRED', 'That file is no longer available: drop it again.');
    return found;
  };
  const release = (refs: readonly FileRef[]): void => {
    for (const ref of refs) if (ref.kind === 'upload') void shell.uploads.release(ref.uploadId);
  };
  const service = createAppService(notary, {
    shell: 'web',
    resolveFile: (ref) => upload(ref).path,
    nameOf: (ref) => upload(ref).name,
    digestOf: (path) => shell.uploads.digestOf(path),
    releaseFiles: release,
    showInFolder: options.showInFolder,
    printPdf: options.printPdf ?? ((html) => printPdfWithChromium(html)),
    log: options.log,
  });
  const bridge: Bridge = {
    // A refused call started no work: the uploads it named are released here.
    call: (method, args) =>
      callService(service, method, args).catch((err: unknown) => {
        release(uploadsNamedIn(args));
        throw err;
      }),
    subscribe: (emit) => service.subscribe((event, payload) => emit(event, payload)),
  };
  const shell = await startWebShell({
    staticDir: options.staticDir,
    bridge,
    dataDir: dirname(notary.library.db.name),
    uploadLimits: options.uploadLimits,
    log: options.log,
  });
  notary.startBackground();
  return {
    shell,
    service,
    close: async () => {
      await shell.close();
      await service.close();
    },
  };
}

/** The upload references anywhere in a call's arguments (they are checked, so at most a few levels deep). */
function uploadsNamedIn(args: unknown[]): FileRef[] {
  const found: FileRef[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 3 || typeof value !== 'object' || value === null) return;
    const v = value as { kind?: unknown; uploadId?: unknown };
    if (v.kind === 'upload' && typeof v.uploadId === 'string') found.push({ kind: 'upload', uploadId: v.uploadId });
    for (const child of Array.isArray(value) ? value : Object.values(value)) visit(child, depth + 1);
  };
  visit(args, 0);
  return found;
}
