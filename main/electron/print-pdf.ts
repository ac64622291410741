import { BrowserWindow } from 'electron';
import { NotariumError } from '../core/errors/notarium-error.ts';
import { hardenContents } from './window.ts';

/** A hidden window can stall (throttled, or a renderer that never finishes loading): give up then. */
const PRINT_TIMEOUT_MS = 60_000;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NotariumError('PDF_TIMEOUT')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Prints an HTML page (the certificate) to PDF in a hidden, sandboxed window with no preload: the
 * page gets nothing from the app, and its own CSP forbids scripts and requests.
 */
export async function printPdf(html: string): Promise<Uint8Array> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: {
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
      backgroundThrottling: false,
    },
  });
  hardenContents(window.webContents);
  try {
    const printed = (async () => {
      await window.loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`);
      return window.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true });
    })();
    return new Uint8Array(await withinTime(printed, PRINT_TIMEOUT_MS));
  } finally {
    window.destroy();
  }
}
