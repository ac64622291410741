/** Electron 45's rules both stand-ins keep (rules.mjs). */
export const BEFORE_READY: Record<'window' | 'tray' | 'notification' | 'dialog' | 'net' | 'utilityProcess', string>;
export const AFTER_READY: Record<'scheme' | 'gpu', string>;
export function mustBeReady(ready: boolean, message: string): void;
export function mustNotBeReady(ready: boolean, message: string): void;
export function defaultSession<T>(ready: boolean, session: T): T;
export function checkSetPath(ready: boolean, name: string, value: unknown): void;
export function cloneForIpc<T>(args: T): T;
export function dialogStartsIn(options: { defaultPath?: string } | undefined): string;
export function notificationFailure(platform: string, signed: boolean): string | null;
