// The `electron` module of a utility process (utilityProcess.fork): lib/utility/api/module-list.ts
// (v45.0.0-nightly.20260821) lists LanguageModelUtility, localAIHandler, net and
// systemPreferences, and nothing else; net has no ready gate there (lib/utility/api/net.ts).
// Importing anything else (app, dialog, BrowserWindow…) fails, as it does in Electron.
import { netFetch } from './net-fetch.mjs';
import { netRequest } from './net-request.mjs';

export const net = { fetch: netFetch, request: netRequest };
export const systemPreferences = {};
export const LanguageModelUtility = undefined;
export const localAIHandler = undefined;
export default { net, systemPreferences, LanguageModelUtility, localAIHandler };
