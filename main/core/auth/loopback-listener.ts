import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asNotariumError, NotariumError } from '../errors/notarium-error.ts';
import { callbackPage, PAGE_HEADERS } from './callback-page.ts';
import { engineWords } from '../../../preload/i18n/engine-words.ts';
import { acceptedLanguages, matchLanguage } from '../../../preload/i18n/languages.ts';
import { allMessages, translator } from '../../../preload/i18n/translator.ts';

/**
 * The one-shot redirect target of a native app's sign-in (RFC 8252 §7.3): 127.0.0.1 only, a random
 * port, one path. It answers exactly one valid callback — the one carrying our `state` — then closes.
 * Callbacks with another state are refused (they did not come from the sign-in we started).
 */

const CALLBACK_PATH = '/callback';
export const DEFAULT_SIGN_IN_TIMEOUT_MS = 5 * 60_000;
/** How long the browser's page waits for the sign-in to say how it ended (the code exchanged, the token kept). */
const ANSWER_WAIT_MS = 60_000;

export class LoopbackListener {
  private settle: ((result: { code: string } | NotariumError) => void) | undefined;
  private expectedState: string | undefined;
  private closed = false;
  /** The browser's page for the callback that carried the code, held until the sign-in says how it ended (answer). */
  private pendingPage: ((failure: NotariumError | null) => void) | undefined;
  private pageAnswered: Promise<void> = Promise.resolve();

  private constructor(
    private readonly server: Server,
    /** Where the listener listens (kept after it closes, for checks). */
    readonly address: AddressInfo,
    readonly redirectUri: string,
    private readonly expectedHost: string,
  ) {}

  /** Listens on 127.0.0.1 at a port the system picks. */
  static async start(): Promise<LoopbackListener> {
    // Loaded at the first sign-in: a command that signs in to nothing does not load node:http.
    const { createServer } = await import('node:http');
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address() as AddressInfo;
    const listener = new LoopbackListener(server, address, `http://127.0.0.1:${address.port}${CALLBACK_PATH}`, `127.0.0.1:${address.port}`);
    server.on('request', (req, res) => listener.handle(req, res));
    return listener;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Resolves with the code of the first callback carrying `state`; rejects on an `error` answer,
   * on timeout or on cancel. The listener is closed in every case.
   */
  waitForCode(state: string, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<{ code: string }> {
    return new Promise<{ code: string }>((resolve, reject) => {
      const timer = setTimeout(() => finish(new NotariumError('SIGN_IN_TIMEOUT')), options.timeoutMs ?? DEFAULT_SIGN_IN_TIMEOUT_MS);
      const onAbort = (): void => finish(new NotariumError('CANCELLED', 'Sign-in was cancelled.'));
      const finish = (result: { code: string } | NotariumError): void => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        this.settle = undefined;
        void this.close();
        if (result instanceof NotariumError) reject(result);
        else resolve(result);
      };
      if (options.signal?.aborted) return finish(new NotariumError('CANCELLED', 'Sign-in was cancelled.'));
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.expectedState = state;
      this.settle = finish;
    });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    // In the language the browser asks for: the page is its reader's, whoever started the sign-in.
    const language = matchLanguage(acceptedLanguages(req.headers['accept-language']));
    const t = translator(language);
    const page = (status: number, title: string, message: string, ok = false): void => {
      res.writeHead(status, { ...PAGE_HEADERS, 'Content-Language': language, Connection: 'close' });
      res.end(callbackPage(title, message, ok, language));
    };
    // A page elsewhere cannot reach us under another name (DNS rebinding): the Host must be ours.
    if (req.headers.host !== this.expectedHost) return page(400, t('callbackPage.notForUsTitle'), t('callbackPage.notForUs'));
    const url = new URL(req.url ?? '/', `http://${this.expectedHost}`);
    if (url.pathname !== CALLBACK_PATH) return page(404, t('callbackPage.notFoundTitle'), t('callbackPage.notFound'));
    if (req.method !== 'GET') return page(405, t('callbackPage.notAllowedTitle'), t('callbackPage.notAllowed'));
    const params = url.searchParams;
    if (!this.settle || !this.expectedState || params.get('state') !== this.expectedState) {
      return page(400, t('callbackPage.refusedTitle'), t('callbackPage.notOurs'));
    }
    const error = params.get('error');
    if (error) {
      const cancelled = error === 'access_denied';
      if (cancelled) page(200, t('callbackPage.cancelledTitle'), t('callbackPage.cancelled'));
      else page(200, t('callbackPage.failedTitle'), t('callbackPage.portalError'));
      const description = params.get('error_description');
      return this.settle(
        cancelled
          ? new NotariumError('SIGN_IN_CANCELLED')
          : new NotariumError(
              'SIGN_IN_FAILED',
              `Sign-in did not complete: the identity portal answered "${error.slice(0, 64)}"${description ? ` (${description.slice(0, 200)})` : ''}.`,
            ),
      );
    }
    const code = params.get('code');
    if (!code) return page(400, t('callbackPage.refusedTitle'), t('callbackPage.noCode'));
    // The page says how the sign-in ended, not that it goes on: the code is exchanged and the token stored first.
    let answered = (): void => {};
    this.pageAnswered = new Promise((resolve) => (answered = resolve));
    this.pendingPage = (failure) => {
      if (failure) {
        const reason = engineWords(language, allMessages).text(failure.message, failure.said);
        page(200, t('callbackPage.failedTitle'), t('callbackPage.notFinished', { reason }));
      } else page(200, t('callbackPage.signedInTitle'), t('callbackPage.signedIn'), true);
      answered();
    };
    this.settle({ code });
  }

  /** Answers the browser waiting on the callback: signed in (null), or why not. */
  answer(failure: unknown): void {
    const answer = this.pendingPage;
    this.pendingPage = undefined;
    answer?.(failure === null ? null : asNotariumError(failure));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // A wait still pending (the opener failed, the caller gave up) ends now, with its timer.
    this.settle?.(new NotariumError('CANCELLED', 'Sign-in was cancelled.'));
    // No new connection; the browser's page for the code waits for the sign-in's outcome (a while at most).
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    const giveUp = setTimeout(() => this.answer(new NotariumError('CANCELLED', 'Sign-in was cancelled.')), ANSWER_WAIT_MS);
    giveUp.unref();
    await this.pageAnswered;
    clearTimeout(giveUp);
    // Let the answer to the browser go out before the connections are cut.
    setTimeout(() => this.server.closeAllConnections(), 100).unref();
    await closed;
  }
}
