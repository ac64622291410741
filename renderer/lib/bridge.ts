import { bridgeFromExposed, type ExposedBridge } from '../../preload/bridge-client.ts';
import type { FileRef, NotariumBridge } from '../../preload/contract.ts';
import { createWebBridge, type ConnectionListener } from '../../preload/web-bridge.ts';
import { saidOf } from '../../preload/i18n/said.ts';
import { errorText } from './engine-text.ts';

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
  /** References for the files of one call, in their order; if one cannot be made (an upload refused), none is kept. */
  toRefs(files: readonly File[]): Promise<FileRef[]>;
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
      toRefs: async (files) => files.map((file) => ({ kind: 'path', path: api.pathForFile(file) })),
      onConnection: () => () => {},
    };
  }
  const web = createWebBridge();
  return { api: web, toRefs: (files) => web.uploadFiles(files), onConnection: (l) => web.onConnection(l) };
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

export const toRefs = (files: readonly File[]): Promise<FileRef[]> => h().toRefs(files);

export const toRef = async (file: File): Promise<FileRef> => (await toRefs([file]))[0]!;

/** How a screen's state turns dropped files into references for its calls (tests give their own). */
export interface FileRefs {
  toRef(file: File): Promise<FileRef>;
  toRefs(files: readonly File[]): Promise<FileRef[]>;
}
export const fileRefs: FileRefs = { toRef, toRefs };

export const onConnection = (listener: ConnectionListener): (() => void) => h().onConnection(listener);

/** The sentence of a failure that crossed (or any other), never JSON: in the page's language when it came as a message. */
export function sentence(err: unknown): string {
  if (err instanceof Error && err.message) return errorText({ message: err.message, said: saidOf((err as { said?: unknown }).said) });
  if (typeof err === 'string' && err) return err;
  return 'Something went wrong.';
}
