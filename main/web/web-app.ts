import { join } from 'node:path';
import { CALL_NAMES, type FileRef } from '../../preload/contract.ts';
import { createAppService, type AppService } from '../core/app/app-service.ts';
import { callService } from '../core/app/call-service.ts';
import { NotariumError } from '../core/errors/notarium-error.ts';
import type { Notary } from '../core/notary.ts';
import { printPdfWithChromium } from './chromium-pdf.ts';
import { startWebShell, type Bridge, type Upload, type WebShell } from './web-server.ts';

/**
 * The app in the web shell: the engine's app service behind the loopback server. The page names
 * files only by upload (it cannot see paths), and the shell's abilities (opening the browser,
 * showing a folder) are the platform's.
 */

export interface WebAppOptions {
  /** The built renderer (dist/renderer). */
  staticDir: string;
  openExternal(url: string): Promise<void>;
  openExplorerPage(url: string): Promise<void>;
  showInFolder(path: string): void;
  /** Default: the machine's Chromium-family browser, headless. */
  printPdf?(html: string): Promise<Uint8Array>;
}

export interface WebApp {
  shell: WebShell;
  service: AppService;
  close(): Promise<void>;
}

export async function startWebApp(notary: Notary, options: WebAppOptions): Promise<WebApp> {
  const uploads = new Map<string, Upload>();
  const upload = (ref: FileRef): Upload => {
    if (ref.kind !== 'upload') throw new NotariumError('USAGE', 'In the browser, files are dropped or chosen, not named by path.');
    const found = uploads.get(ref.uploadId);
    if (!found) throw new NotariumError('USAGE', 'That file is no longer available: drop it again.');
    return found;
  };
  const service = createAppService(notary, {
    shell: 'web',
    resolveFile: (ref) => upload(ref).path,
    nameOf: (ref) => upload(ref).name,
    openExternal: options.openExternal,
    openExplorerPage: options.openExplorerPage,
    showInFolder: options.showInFolder,
    printPdf: options.printPdf ?? ((html) => printPdfWithChromium(html)),
  });
  const bridge: Bridge = {
    methods: new Set(CALL_NAMES),
    call: (method, args) => callService(service, method, args),
    subscribe: (emit) => service.subscribe((event, payload) => emit(event, payload)),
  };
  const shell = await startWebShell({
    staticDir: options.staticDir,
    bridge,
    uploadDir: join(notary.library.db.name, '..', 'uploads'),
    onUpload: (u) => uploads.set(u.id, u),
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
