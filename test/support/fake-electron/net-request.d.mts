import type { ClientRequest, ClientRequestConstructorOptions } from 'electron';

/** The stand-in's Electron net.request (net-request.mjs). */
export function netRequest(options: ClientRequestConstructorOptions | string): ClientRequest;
