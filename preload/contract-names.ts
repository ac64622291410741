/**
 * The names of every call and event of the contract, apart from their schemas: the page and the
 * preload build their bridge from these alone, so zod (main-side validation) stays out of their
 * bundles. contract.ts checks at compile time that these lists and its declarations match.
 */

export const CALL_NAMES = [
  'appInfo',
  'listProfiles',
  'useProfile',
  'saveProfile',
  'removeProfile',
  'profileRemovable',
  'setApiKey',
  'clearApiKey',
  'account',
  'signIn',
  'cancelSignIn',
  'signOut',
  'notarise',
  'verify',
  'verifyReceipt',
  'cancelJob',
  'queryRecords',
  'getRecord',
  'recordService',
  'exportReceipt',
  'exportProofBundle',
  'upgradeReceipt',
  'showInFolder',
  'sendNow',
  'removeNotSent',
  'openExplorer',
  'pendingCount',
  'listDocuments',
  'documentHistory',
  'addVersion',
  'finaliseDocument',
  'exportDocument',
  'whichVersion',
  'certificate',
  'certificatePdf',
  'listWatchedFolders',
  'chooseFolder',
  'addWatchedFolder',
  'updateWatchedFolder',
  'removeWatchedFolder',
  'pauseWatchedFolder',
  'resumeWatchedFolder',
  'startNewWatchedChain',
  'completeFolder',
  'watchProgress',
  'fileManagerIntegration',
  'setFileManagerIntegration',
] as const;

export type CallName = (typeof CALL_NAMES)[number];

export const EVENT_NAMES = [
  'record-updated',
  'library-changed',
  'pending-count',
  'account-changed',
  'sign-in-link',
  'notarise-progress',
  'notarise-done',
  'verify-result',
  'verify-done',
  'background-error',
  'open-verify',
  'open-notarise',
  'watch-progress',
  'watch-folder',
  'watch-file',
  'notice',
  'open-record',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];
