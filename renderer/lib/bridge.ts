import { bridgeFromExposed, type ExposedBridge } from '../../preload/bridge-client.ts';
import type { FileRef, NotariumBridge } from '../../preload/contract.ts';
import { createWebBridge, type ConnectionListener } from '../../preload/web-bridge.ts';

/**
 * The page's one handle on the core: the Electron preload's `window.notarium` when it is there,
 * else the web shell's bridge over its WebSocket. Files become references either way.
 */

declare global {
  interface Window {
    /** The Electron preload's calls, answering data (bridgeFromExposed makes them the contract's). */
    notarium?: ExposedBridge;
  }
}

type Handle = {
  api: NotariumBridge;
  toRef(file: File): Promise<FileRef>;
  /** Gives back a reference no call was given (the web shell deletes the upload). */
  discard(ref: FileRef): Promise<void>;
  onConnection(listener: ConnectionListener): () => void;
};

/** The page is the web shell's, a tab of a browser (no Electron preload): the browser's own keys come first. */
export const inBrowserTab = (): boolean => !window.notarium;

function pick(): Handle {
  const exposed = window.notarium;
  if (exposed) {
    const api = bridgeFromExposed(exposed);
    return {
      api,
      toRef: async (file) => ({ kind: 'path', path: api.pathForFile(file) }),
      discard: async () => {},
      onConnection: () => () => {},
    };
  }
  const web = createWebBridge();
  return { api: web, toRef: (file) => web.uploadFile(file), discard: (ref) => web.discardUpload(ref), onConnection: (l) => web.onConnection(l) };
}

let handle: Handle | null = null;

export function init(): void {
  handle ??= pick();
}

function h(): Handle {
  init();
  return handle!;
}

export const notarium = new Proxy({} as NotariumBridge, {
  get: (_t, key) => (h().api as unknown as Record<string | symbol, unknown>)[key],
});

export const toRef = (file: File): Promise<FileRef> => h().toRef(file);

/** How many files are uploaded at once: a drop of a thousand is not a thousand round trips one after another. */
const UPLOADS_AT_ONCE = 6;

/** References for the files of one call, in their order: if one cannot be made (an upload refused), the others are given back. */
export async function toRefs(files: readonly File[]): Promise<FileRef[]> {
  const refs: (FileRef | undefined)[] = new Array<FileRef | undefined>(files.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < files.length) {
      const i = next++;
      try {
        refs[i] = await toRef(files[i]!);
      } catch (err) {
        failed = true; // the other workers stop at their next file
        throw err;
      }
    }
  };
  // Every upload under way ends before any is given back, so none is left behind.
  const ended = await Promise.allSettled(Array.from({ length: Math.min(UPLOADS_AT_ONCE, files.length) }, worker));
  const refused = ended.find((e): e is PromiseRejectedResult => e.status === 'rejected');
  if (!refused) return refs as FileRef[];
  await Promise.all(refs.flatMap((r) => (r ? [h().discard(r)] : [])));
  throw refused.reason;
}

/** How a screen's state turns dropped files into references for its calls (tests give their own). */
export interface FileRefs {
  toRef(file: File): Promise<FileRef>;
  toRefs(files: readonly File[]): Promise<FileRef[]>;
}
export const fileRefs: FileRefs = { toRef, toRefs };

export const onConnection = (listener: ConnectionListener): (() => void) => h().onConnection(listener);

/** The sentence of a failure that crossed (or any other), never JSON. */
export function sentence(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return 'Something went wrong.';
}
