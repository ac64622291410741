/**
 * A command line a sentence suggests (`profile list`), said as the user runs Notarium: the CLI
 * gives `npx notarium …` in a clone (NotaryContext.command); where nothing says otherwise, the
 * installed command's name.
 */
export type SuggestedCommand = (words: string) => string;

export const installedCommand: SuggestedCommand = (words) => `notarium ${words}`;
