/**
 * The protocol on Electron IPC (main/electron/ipc.ts, preload/electron-preload.ts): a call is an
 * invoke on its own channel, `notarium:<name>`, whose result is the call's Answer (Electron's
 * invoke would carry only a rejection's message, so failures are values too); every event goes
 * on one channel. Electron matches an invoke with its result itself, so no ids cross here.
 */
export const CALL_CHANNEL_PREFIX = 'notarium:';
export const EVENT_CHANNEL = 'notarium:event';
