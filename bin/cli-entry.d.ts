/** Which code `notarium` runs in the tree at `root` (a file URL ending in "/"): the bundle (`built`), or the sources. */
export function cliEntry(root: URL): { entry: URL; built: boolean };
/** The CLI's main function from the code cliEntry chooses (the sources through tsx). */
export function loadCli(root: URL): Promise<(argv: string[]) => Promise<number>>;
