/** Each file (relative to `root`, a file URL ending in "/") as it is now: [size, mtimeMs, sha256], or null when missing. */
export type CliStamp = Record<string, [size: number, mtimeMs: number, sha256: string] | null>;

/** The path of the CLI bundle's stamp, relative to the tree. */
export const CLI_STAMP: string;
/** The stamp of these files as they are now. */
export function stampFiles(root: URL, files: readonly string[]): CliStamp;
/** Whether every file in the stamp is as it was stamped (by size and time, else by content). */
export function filesAsStamped(root: URL, stamp: CliStamp): boolean;
