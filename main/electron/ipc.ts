import type { BrowserWindow, IpcMainInvokeEvent } from 'electron';
import { ipcMain } from 'electron';
import type { AppService } from '../core/app/app-service.ts';
import { callService } from '../core/app/call-service.ts';
import { sentenceFor } from '../core/errors/catalogue.ts';
import { errorData } from '../core/errors/error-data.ts';
import { CALL_NAMES } from '../../preload/contract.ts';
import { answerOf } from '../../preload/protocol/dispatcher.ts';
import { CALL_CHANNEL_PREFIX, EVENT_CHANNEL } from '../../preload/protocol/ipc-channels.ts';
import type { Answer } from '../../preload/protocol/messages.ts';
import { isAppUrl } from './app-origin.ts';

/**
 * The whole contract on Electron IPC, registered by one generic loop: each call checks its sender,
 * validates its arguments with the contract's schema, then runs the service. Answers are the
 * protocol's (preload/protocol/) so a failure crosses as `{ code, message }` and nothing more.
 */

export interface IpcOptions {
  service: AppService;
  /** Our window, or null while there is none: only its main frame may call, only it hears events. */
  window(): BrowserWindow | null;
  /** Where refusals (the channel and the reason, never the arguments: they may be secrets) and internal failures are logged. */
  log: (message: string) => void;
}

export interface IpcRegistration {
  /** Sends a shell-made event (e.g. open-verify) to our window, like the service's own events. */
  send: (event: string, payload: unknown) => void;
  dispose(): void;
}

export function registerIpc(options: IpcOptions): IpcRegistration {
  const log = options.log;
  for (const name of CALL_NAMES) {
    const channel = CALL_CHANNEL_PREFIX + name;
    ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...args: unknown[]): Promise<Answer> => {
      const refusal = senderRefusal(event, options.window());
      if (refusal) {
        log(`Refused ${channel}: ${refusal}.`);
        return { ok: false, error: { code: 'FORBIDDEN', message: sentenceFor('FORBIDDEN') } };
      }
      return answerOf(
        () => callService(options.service, name, args),
        (err) => errorData(err, (detail) => log(`The call ${name} failed: ${detail}`)),
      );
    });
  }
  const send = (event: string, payload: unknown): void => {
    const window = options.window();
    if (!window || window.isDestroyed() || window.webContents.isDestroyed()) return;
    window.webContents.send(EVENT_CHANNEL, event, payload);
  };
  const unsubscribe = options.service.subscribe((event, payload) => send(event, payload));
  return {
    send,
    dispose: () => {
      unsubscribe();
      for (const name of CALL_NAMES) ipcMain.removeHandler(CALL_CHANNEL_PREFIX + name);
    },
  };
}

/** Why a call is refused, or null when it comes from our window's main frame showing our origin. */
export function senderRefusal(event: IpcMainInvokeEvent, window: BrowserWindow | null): string | null {
  if (!window || window.isDestroyed()) return 'no window';
  const contents = window.webContents;
  if (event.sender !== contents) return 'another web contents';
  const frame = event.senderFrame;
  if (!frame) return 'the frame is gone';
  const main = contents.mainFrame;
  if (frame !== main && (frame.parent !== null || frame.processId !== main.processId || frame.routingId !== main.routingId)) return 'not the main frame';
  if (!isAppUrl(frame.url)) return 'not our origin';
  return null;
}
