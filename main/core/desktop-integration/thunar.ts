import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import type { FileManagerIntegration } from './file-manager.ts';
import { readIfExists, removeEmptyFolders, unwritable, writeAtomically, type IntegrationState } from './owned-file.ts';
import { shellQuoteAll } from '../text/shell-quote.ts';
import { MalformedXmlError, escapeXmlText, parseUcaXml, type UcaDocument } from './uca-xml.ts';
import { ICON_NAME, MENU_LABEL, MENU_TOOLTIP, type VerifyCommand } from './verify-command.ts';
import type { XdgDirs } from './xdg-dirs.ts';

/**
 * Thunar (Xfce): one custom action in uca.xml, a file Thunar shares with the user's own actions.
 * Ours is found by its unique-id and is the only one ever added, changed or removed.
 */
export const THUNAR_UNIQUE_ID = 'notarium-verify-with-notarium';

/** Thunar's own file when the user has none (it then reads the system one). */
const EMPTY_UCA = '<?xml version="1.0" encoding="UTF-8"?>\n<actions>\n</actions>\n';

export function thunarActionsPath(dirs: XdgDirs): string {
  return join(dirs.configHome, 'Thunar', 'uca.xml');
}

/**
 * The action as Thunar writes its own. Thunar replaces %F with each selected path quoted for the
 * shell (and %% with %), then splits the line with g_shell_parse_argv: so the command is
 * shell-quoted with its % doubled, and the whole is escaped as XML text.
 */
export function thunarAction(command: VerifyCommand): string {
  const line = `${shellQuoteAll(command).replaceAll('%', '%%')} --verify %F`;
  return `<action>
\t<icon>${ICON_NAME}</icon>
\t<name>${escapeXmlText(MENU_LABEL)}</name>
\t<submenu></submenu>
\t<unique-id>${THUNAR_UNIQUE_ID}</unique-id>
\t<command>${escapeXmlText(line)}</command>
\t<description>${escapeXmlText(MENU_TOOLTIP)}</description>
\t<range></range>
\t<patterns>*</patterns>
\t<directories/>
\t<audio-files/>
\t<image-files/>
\t<other-files/>
\t<text-files/>
\t<video-files/>
</action>`;
}

export const thunar: FileManagerIntegration = {
  name: 'Thunar',
  executables: ['thunar'],

  async status(command, dirs): Promise<IntegrationState> {
    const path = thunarActionsPath(dirs);
    const text = await readIfExists(path);
    if (text === null) return 'absent';
    const ours = parse(text, path).actions.filter((a) => a.uniqueId === THUNAR_UNIQUE_ID);
    if (ours.length === 0) return 'absent';
    return ours.length === 1 && text.slice(ours[0]!.start, ours[0]!.end) === thunarAction(command) ? 'installed' : 'outdated';
  },

  async install(command, dirs): Promise<void> {
    const path = thunarActionsPath(dirs);
    const existing = await readIfExists(path);
    const text = existing ?? (await defaultActions(dirs));
    const withoutOurs = removeOurs(text, parse(text, path));
    const updated = insertAction(withoutOurs, parse(withoutOurs, path), thunarAction(command));
    if (updated === existing) return;
    await writeAtomically(path, updated, await modeOf(path));
  },

  async uninstall(dirs): Promise<void> {
    const path = thunarActionsPath(dirs);
    const text = await readIfExists(path);
    if (text === null) return;
    const document = parse(text, path);
    if (!document.actions.some((a) => a.uniqueId === THUNAR_UNIQUE_ID)) return;
    const restored = removeOurs(text, document);
    // A file install created from the defaults, left as it began, is removed: Thunar then reads
    // the same defaults, and the folder is as it was found.
    if (restored === (await defaultActions(dirs))) {
      await removeFile(path);
      await removeEmptyFolders(join(dirs.configHome, 'Thunar'), dirs.configHome);
    } else {
      await writeAtomically(path, restored, await modeOf(path));
    }
  },
};

function parse(text: string, path: string): UcaDocument {
  try {
    return parseUcaXml(text);
  } catch (err) {
    if (!(err instanceof MalformedXmlError)) throw err;
    throw new NotariumError(
      'THUNAR_ACTIONS_MALFORMED',
      `Thunar's custom actions file ${path} is not valid XML (${err.message}), so Notarium left it unchanged: repair it (or remove it to start afresh), then try again.`,
      { cause: err },
    );
  }
}

/** Our action and the line break after it, taken out; the last one first, so the earlier offsets hold. */
function removeOurs(text: string, document: UcaDocument): string {
  let result = text;
  for (const action of [...document.actions].reverse()) {
    if (action.uniqueId !== THUNAR_UNIQUE_ID) continue;
    const end = result[action.end] === '\n' ? action.end + 1 : action.end;
    result = result.slice(0, action.start) + result.slice(end);
  }
  return result;
}

/** At the start of the `</actions>` line, as Thunar lays the file out. */
function insertAction(text: string, document: UcaDocument, action: string): string {
  if (document.closeStart === null) {
    return `${text.slice(0, document.rootStart)}<actions>\n${action}\n</actions>${text.slice(document.rootEnd)}`;
  }
  const lineStart = text.lastIndexOf('\n', document.closeStart - 1) + 1;
  const onItsOwnLine = text.slice(lineStart, document.closeStart).trim() === '';
  const at = onItsOwnLine ? lineStart : document.closeStart;
  return `${text.slice(0, at)}${onItsOwnLine ? '' : '\n'}${action}\n${text.slice(at)}`;
}

/** What Thunar reads when the user has no uca.xml: the first system one, else nothing. */
async function defaultActions(dirs: XdgDirs): Promise<string> {
  for (const dir of dirs.configDirs) {
    const text = await readIfExists(join(dir, 'Thunar', 'uca.xml'));
    if (text !== null) return text;
  }
  return EMPTY_UCA;
}

async function modeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).mode & 0o7777;
  } catch {
    return 0o644;
  }
}

async function removeFile(path: string): Promise<void> {
  try {
    await rm(path, { force: true });
  } catch (err) {
    throw unwritable(path, err);
  }
}
