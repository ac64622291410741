import type { FileRef } from '../../../preload/contract.ts';
import type { XdgDirs } from '../desktop-integration/index.ts';
import type { HashResult } from '../hashing/hash-pool.ts';

/**
 * What only a shell can do for the app service: resolve a file the page named to a path, open the
 * system browser, show a file in its folder, print to PDF. Each shell passes its own in.
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
  /**
   * The system browser, for sign-in (Electron: shell.openExternal of this URL only). None in the web
   * shell: the page is in a browser already and opens the sign-in page in a tab of its own.
   */
  openExternal?(url: string): Promise<void>;
  /**
   * The system browser on a transaction's explorer page (a URL the core built from the profile).
   * None in the web shell: the page links to the explorer's page itself.
   */
  openExplorerPage?(url: string): Promise<void>;
  showInFolder(path: string): void;
  /** Prints a self-contained HTML page to PDF (Electron's printToPDF; headless Chromium otherwise). */
  printPdf(html: string): Promise<Uint8Array>;
  /** A folder picker (the desktop app's dialog); null when cancelled. */
  chooseFolder?(): Promise<string | null>;
  /** How file managers start this app to verify (argv before `--verify`), where that is offered. */
  verifyCommand?: readonly string[];
  /** Where failures no page may see in full are told (default: stderr). */
  log?: (line: string) => void;
  /** Where file-manager entries go (tests); default from the environment. */
  xdgDirs?: XdgDirs;
}
