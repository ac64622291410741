import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { BrowserWindow } from 'electron';
import { app, dialog, session } from 'electron';
import type { AppService } from '../core/app/app-service.ts';
import { callService } from '../core/app/call-service.ts';
import { appDataDir } from '../core/app-paths.ts';
import { describeFailure, errorData } from '../core/errors/error-data.ts';
import type { FileRef, NoticeView } from '../../preload/contract.ts';
import type { Language } from '../../preload/i18n/languages.ts';
import type { Translate } from '../../preload/i18n/message-types.ts';
import { appUserModelId } from './app-id.ts';
import { handleAppProtocol, registerAppScheme } from './app-protocol.ts';
import { parseArgv } from './argv.ts';
import { registerIpc, type IpcRegistration } from './ipc.ts';
import { installCommandLineTool, type LinkSteps } from './install-command.ts';
import { installMenu, dialogProperties, type MenuActions, type PickKind } from './menu.ts';
import { onToastActivation, showNotification } from './notifications.ts';
import { desktopAbilities, type DesktopAbilities } from './shell-abilities.ts';
import { systemTranslator } from './system-language.ts';
import { translator } from '../../preload/i18n/translator.ts';
import { createTray, type PendingTray } from './tray.ts';
import { dialogStart, rememberChoice } from './dialog-start.ts';
import { createMainWindow, hardenSession } from './window.ts';

/**
 * The desktop app's life: one instance, one window, the engine started once and closed cleanly.
 * Launch requests (argv `--verify`, a second launch, macOS open-file) wait until the page can
 * hear about them, then become a verify job the page is asked to open.
 */

/** The engine as the shell sees it: the app service, the poller, and a close. */
export interface Engine {
  service: AppService;
  /** The poller and the watched folders. */
  startBackground(): void;
  close(): Promise<void>;
}

export interface DesktopOptions {
  argv: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Unpackaged (`electron .`): argv carries the app's folder. */
  defaultApp: boolean;
  platform: NodeJS.Platform;
  /** Creates the notary in `dataDir` and the app service over it. */
  openEngine(dataDir: string, abilities: DesktopAbilities): Engine;
  log: (message: string) => void;
  /** How long a quit waits for the engine to close before exiting anyway. */
  closeTimeoutMs?: number;
  /** How "Install Command Line Tool…" makes its link (the file system's, unless given). */
  linkSteps?: LinkSteps;
}

export interface Desktop {
  /** Verifies these paths and asks the page to show them (queued until the page is loaded). */
  verifyPaths(paths: readonly string[]): void;
  window(): BrowserWindow | null;
  /** Settles when everything queued so far has been handed to the service. */
  idle(): Promise<void>;
}

/** Where the built pieces are, relative to the app's folder (the one holding package.json). */
export function builtPaths(appRoot: string): { rendererDir: string; preloadPath: string } {
  return { rendererDir: join(appRoot, 'dist', 'renderer'), preloadPath: join(appRoot, 'dist', 'preload', 'electron-preload.cjs') };
}

/** Runs the app; resolves null when another instance already runs (this one then quits). */
export async function runDesktop(options: DesktopOptions): Promise<Desktop | null> {
  const log = options.log;
  /** A failure's sentence for a dialog: the catalogue's, the details of one not of Notarium's own in the log. */
  const sentenceOf = (err: unknown): string => errorData(err, (detail) => log(`Notarium failed: ${detail}`)).message;
  registerAppScheme(); // before ready, or the scheme has no origin
  // The CLI's folder (or NOTARIUM_HOME), so the app and `notarium` share one library and sandbox,
  // and each home has its own single-instance lock (Electron keys it on userData).
  app.setPath('userData', appDataDir(options.env, options.platform));
  const dataDir = app.getPath('userData');
  if (options.platform === 'win32') app.setAppUserModelId(appUserModelId(app.isPackaged, options.argv[0] ?? ''));

  // Chromium may reorder or add to a second instance's argv, so the original is sent as data too.
  if (!app.requestSingleInstanceLock({ argv: [...options.argv], cwd: options.cwd })) {
    app.quit();
    return null;
  }

  let window: BrowserWindow | null = null;
  let pageLoaded = false;
  let engine: Engine | null = null;
  let ipc: IpcRegistration | null = null;
  let tray: PendingTray | null = null;
  const queue: string[][] = [];
  /** Messages for a page that is not loaded yet (its window was just opened), sent once it is. */
  let forPage: (() => void)[] = [];
  const toPage = (send: () => void): void => {
    if (pageLoaded) send();
    else forPage.push(send);
  };
  let draining: Promise<void> = Promise.resolve();

  const verifyPaths = (paths: readonly string[]): void => {
    if (paths.length === 0) return;
    queue.push([...paths]);
    drain();
  };
  const drain = (): void => {
    if (!engine || !ipc || !pageLoaded) return;
    const { service } = engine;
    const send = ipc.send;
    draining = draining.then(async () => {
      while (queue.length > 0) {
        const paths = queue.shift()!;
        try {
          const refs: FileRef[] = paths.map((path) => ({ kind: 'path', path }));
          const jobId = randomUUID();
          await callService(service, 'verify', [jobId, refs, {}]);
          send('open-verify', { jobId });
        } catch (err) {
          dialog.showErrorBox('Notarium could not verify', sentenceOf(err));
        }
      }
    });
  };

  const showWindow = (): void => {
    if (!window || window.isDestroyed()) {
      if (engine) openWindow();
      return;
    }
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };

  const fromCommandLine = (argv: readonly string[], cwd: string): void => verifyPaths(parseArgv(argv, { defaultApp: options.defaultApp, cwd }).verify);

  app.on('second-instance', (_event, argv, workingDirectory, additionalData) => {
    showWindow();
    const data = additionalData as { argv?: unknown; cwd?: unknown } | undefined;
    const sent = Array.isArray(data?.argv) && data.argv.every((a) => typeof a === 'string') && typeof data.cwd === 'string';
    if (sent) fromCommandLine(data.argv as string[], data.cwd as string);
    else fromCommandLine(argv, workingDirectory);
  });
  // macOS: files dropped on the Dock icon or opened with the app (may come before ready).
  app.on('open-file', (event, path) => {
    event.preventDefault();
    verifyPaths([path]);
    showWindow();
  });
  fromCommandLine(options.argv, options.cwd);

  await app.whenReady();
  hardenSession(session.defaultSession);
  const { rendererDir, preloadPath } = builtPaths(app.getAppPath());
  handleAppProtocol(rendererDir);

  // The language the page shows, once it has said (the `language` event); until then the system's.
  let shown: Language | null = null;
  const words = (): Translate => (shown ? translator(shown) : systemTranslator());
  engine = options.openEngine(dataDir, desktopAbilities(words));
  const { service } = engine;
  ipc = registerIpc({ service, window: () => window, log });
  engine.startBackground();

  function openWindow(): void {
    pageLoaded = false;
    const created = createMainWindow(preloadPath, log);
    window = created;
    created.webContents.on('did-finish-load', () => {
      if (window !== created) return;
      pageLoaded = true;
      const waiting = forPage;
      forPage = [];
      waiting.forEach((send) => send());
      drain();
    });
    created.on('session-end', () => endOfSession()); // Windows only; defined below, called later
    created.on('closed', () => {
      if (window === created) {
        window = null;
        pageLoaded = false;
      }
    });
  }

  // Each sentence in the language of the moment: the page may change it while the app runs.
  const t: Translate = (key, ...args) => words()(key, ...args);
  const pick = async (kind: PickKind, action: 'notarise' | 'verify'): Promise<string[]> => {
    const verb = action === 'notarise' ? t('desktop.pickNotarise') : t('desktop.pickVerify');
    const dialogOptions = { title: verb, buttonLabel: verb, properties: dialogProperties(kind), defaultPath: dialogStart() };
    const result = window ? await dialog.showOpenDialog(window, dialogOptions) : await dialog.showOpenDialog(dialogOptions);
    if (result.canceled) return [];
    rememberChoice(result.filePaths);
    return result.filePaths;
  };
  const menuActions: MenuActions = {
    notarise: (kind) => {
      void (async () => {
        const paths = await pick(kind, 'notarise');
        if (paths.length === 0) return;
        showWindow();
        const refs: FileRef[] = paths.map((path) => ({ kind: 'path', path }));
        const jobId = randomUUID();
        await callService(service, 'notarise', [jobId, refs, {}]);
        toPage(() => ipc?.send('open-notarise', { jobId }));
      })().catch((err: unknown) => dialog.showErrorBox(t('desktop.couldNotNotarise'), sentenceOf(err)));
    },
    verify: (kind) => {
      void pick(kind, 'verify').then(
        (paths) => {
          showWindow();
          verifyPaths(paths);
        },
        (err: unknown) => dialog.showErrorBox(t('desktop.couldNotVerify'), sentenceOf(err)),
      );
    },
    installCommand: () => {
      if (!app.isPackaged) {
        dialog.showErrorBox(t('desktop.couldNotInstall'), t('desktop.devTree'));
        return;
      }
      installCommandLineTool(process.resourcesPath, options.linkSteps).then(
        (link) => void dialog.showMessageBox({ message: t('desktop.installed', { link }), detail: t('desktop.newTerminal') }),
        (err: unknown) => dialog.showErrorBox(t('desktop.couldNotInstall'), err instanceof Error ? err.message : String(err)),
      );
    },
  };
  installMenu(options.platform, menuActions, words());

  tray = createTray({ open: showWindow, quit: () => app.quit() }, process.platform, t);
  const unsubscribe = service.subscribe((event, payload) => {
    if (event === 'pending-count') tray?.setPending(payload as number);
    else if (event === 'language') {
      shown = payload as Language;
      installMenu(options.platform, menuActions, words());
      tray?.setWords(t);
    } else if (event === 'notice') {
      const { recordId } = payload as NoticeView;
      showNotification(
        payload as NoticeView,
        () => {
          showWindow();
          toPage(() => ipc?.send('open-record', { recordId }));
        },
        log,
      );
    }
  });
  service.api.pendingCount().then(
    (count) => tray?.setPending(count),
    () => {},
  );

  if (options.platform === 'win32') onToastActivation(showWindow);
  openWindow();

  app.on('activate', () => showWindow()); // macOS: the Dock icon with no window open
  app.on('window-all-closed', () => {
    if (options.platform !== 'darwin') app.quit();
  });

  /** Everything closed once, whichever asks first: a quit, or the end of the user's session. */
  let closing: Promise<void> | null = null;
  const closeAll = (): Promise<void> =>
    (closing ??= (() => {
      unsubscribe();
      ipc?.dispose();
      tray?.destroy();
      // Both asked now, not the engine after the service settles: at Windows' end of session only
      // what is begun before the listener returns is sure to be (see endOfSession).
      return Promise.all([service.close(), engine?.close()]).then(() => {});
    })());

  let quit: 'running' | 'closing' | 'session-end' | 'closed' = 'running';
  app.on('before-quit', (event) => {
    if (quit === 'closed' || quit === 'session-end') return;
    event.preventDefault(); // finish writing the library and stop the workers first
    if (quit === 'closing') return;
    quit = 'closing';
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, options.closeTimeoutMs ?? 5000).unref());
    void Promise.race([closeAll(), timeout])
      .catch((err: unknown) => log(`Notarium did not close cleanly: ${describeFailure(err)}`))
      .finally(() => {
        quit = 'closed';
        app.quit();
      });
  });
  // Windows ending the session (shut down, restart, log off): "the OS kills us and our child
  // processes right after" the session-end listeners return, and Electron ends the process itself
  // at that point unless a quit is under way (WM_ENDSESSION in
  // shell/browser/native_window_views_win.cc); a quit whose before-quit was prevented is not one
  // (Browser::Quit). So what must happen, happens in the listener: the page's calls and the
  // notices are cut off, the tray goes, the service and the engine are asked to close (the
  // engine's utility process hears it before it is killed, or never); then a quit is let
  // through so that Electron does not cut the close short itself, and its will-quit waits for it
  // for as long as Windows allows. Nothing the service accepted is lost: the engine's library
  // commits each step (SQLite), and a write cut off between sending and recording its answer is
  // in doubt, settled at the next start as any other.
  const endOfSession = (): void => {
    if (quit === 'closed') return;
    quit = 'session-end';
    closeAll().catch(() => {}); // begun at once (Windows gives little time); will-quit says how it went
    app.quit();
  };
  app.on('will-quit', (event) => {
    if (quit !== 'session-end') return;
    event.preventDefault();
    quit = 'closed';
    void closeAll()
      .catch((err: unknown) => log(`Notarium did not close cleanly: ${describeFailure(err)}`))
      .finally(() => app.exit(0));
  });

  return { verifyPaths, window: () => window, idle: () => draining };
}
