import type { WatchSettingsView } from './contract.ts';

/**
 * A new watched folder's settings when its user chooses none: the same in the app's form and for
 * `notarium watch`. This folder only (each file is a registration, paid for: subfolders are asked
 * for, never found by surprise), receipts beside the files, a file taken once unchanged for 3 s.
 */
export const WATCH_DEFAULTS: Readonly<WatchSettingsView> = Object.freeze({
  recursive: false,
  include: [],
  exclude: [],
  receipts: 'beside',
  stableSeconds: 3,
});
