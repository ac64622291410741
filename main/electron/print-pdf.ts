import { BrowserWindow } from 'electron';
import { hardenContents } from './window.ts';

/**
 * Prints an HTML page (the certificate) to PDF in a hidden, sandboxed window with no preload: the
 * page gets nothing from the app, and its own CSP forbids scripts and requests.
 */
export async function printPdf(html: string): Promise<Uint8Array> {
  const window = new BrowserWindow({
    show: false,
    webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, spellcheck: false, disableBlinkFeatures: 'Auxclick' },
  });
  hardenContents(window.webContents);
  try {
    await window.loadURL(`data:text/html;charset=utf-8;base64,${Buffer.from(html, 'utf8').toString('base64')}`);
    const pdf = await window.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true });
    return new Uint8Array(pdf);
  } finally {
    window.destroy();
  }
}
