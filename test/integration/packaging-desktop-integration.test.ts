import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isNotariumError } from '../../main/core/errors/notarium-error.ts';
import {
  fileManagerIntegrationStatus,
  installFileManagerIntegration,
  uninstallFileManagerIntegration,
  type XdgDirs,
} from '../../main/core/desktop-integration/index.ts';
import { parseUcaXml } from '../../main/core/desktop-integration/uca-xml.ts';

const USER_UCA = `<?xml version="1.0" encoding="UTF-8"?>
<actions>
<action>
\t<icon>utilities-terminal</icon>
\t<name>Open Terminal Here</name>
\t<unique-id>1700000000-1</unique-id>
\t<command>exo-open --working-directory %f --launch TerminalEmulator</command>
\t<description>Mine &amp; only mine</description>
\t<patterns>*</patterns>
\t<directories/>
</action>
<!-- a comment the user keeps -->
<action>
\t<name>Shrink</name>
\t<unique-id>1700000000-2</unique-id>
\t<command>convert %f -resize 50%% %f.small.png</command>
\t<patterns>*.png</patterns>
\t<image-files/>
</action>
</actions>
`;

/** A home of its own: the XDG folders under a temporary directory, and a recorder standing in for Notarium. */
function sandboxHome(): { root: string; dirs: XdgDirs; recorder: string; record: string } {
  const root = mkdtempSync(join(tmpdir(), 'notarium-fm-'));
  const dirs = { dataHome: join(root, 'data'), configHome: join(root, 'config'), configDirs: [join(root, 'etc-xdg')] };
  const tools = join(root, `Notarium's "app" dir`);
  mkdirSync(tools);
  const recorder = join(tools, 'notarium $1');
  const record = join(root, 'argv');
  writeFileSync(recorder, `#!/bin/sh\nfor a in "$@"; do printf '%s\\0' "$a"; done > "$RECORD"\n`);
  chmodSync(recorder, 0o755);
  return { root, dirs, recorder, record };
}

/** Every file and folder under `root` with its mode and content, to compare before and after. */
function snapshot(root: string, skip: readonly string[] = []): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const key = relative(root, path);
      if (skip.some((s) => key === s || key.startsWith(`${s}/`))) continue;
      const stat = lstatSync(path);
      const mode = (stat.mode & 0o777).toString(8);
      if (stat.isDirectory()) {
        result[`${key}/`] = mode;
        walk(path);
      } else {
        result[key] = `${mode} ${readFileSync(path, 'utf8')}`;
      }
    }
  };
  walk(root);
  return result;
}

function seedUserFiles(dirs: XdgDirs): void {
  const scripts = join(dirs.dataHome, 'nautilus', 'scripts');
  mkdirSync(scripts, { recursive: true });
  writeFileSync(join(scripts, 'Open in Terminal'), '#!/bin/sh\nexec x-terminal-emulator\n', { mode: 0o755 });
  mkdirSync(join(dirs.dataHome, 'nemo', 'actions'), { recursive: true });
  writeFileSync(join(dirs.dataHome, 'nemo', 'actions', 'mine.nemo_action'), '[Nemo Action]\nName=Mine\nExec=true\nSelection=any\nExtensions=any;\n');
  mkdirSync(join(dirs.configHome, 'Thunar'), { recursive: true });
  writeFileSync(join(dirs.configHome, 'Thunar', 'uca.xml'), USER_UCA, { mode: 0o600 });
}

function runRecorded(home: ReturnType<typeof sandboxHome>, file: string, args: string[], env: Record<string, string>, cwd: string): string[] {
  const run = spawnSync(file, args, { cwd, env: { PATH: process.env.PATH ?? '', RECORD: home.record, ...env }, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(home.record, 'utf8').split('\0').slice(0, -1);
}

describe('file-manager integration in a home with the user’s own scripts and actions', () => {
  it('installs, reports, is idempotent, updates, and uninstalls back to the home as it was found', async () => {
    const home = sandboxHome();
    seedUserFiles(home.dirs);
    const skip = ['argv', relative(home.root, join(home.recorder, '..'))];
    const before = snapshot(home.root, skip);
    const command = [home.recorder] as const;
    const options = { dirs: home.dirs, path: '' };

    expect((await fileManagerIntegrationStatus(command, options)).map((r) => [r.fileManager, r.state, r.detected])).toEqual([
      ['nautilus', 'absent', false],
      ['nemo', 'absent', false],
      ['dolphin', 'absent', false],
      ['thunar', 'absent', false],
    ]);

    const installed = await installFileManagerIntegration(command, options);
    expect(installed.map((r) => r.state)).toEqual(['installed', 'installed', 'installed', 'installed']);
    const afterInstall = snapshot(home.root, skip);

    // The files, with the modes each file manager needs.
    const script = join(home.dirs.dataHome, 'nautilus', 'scripts', 'Verify with Notarium');
    expect(lstatSync(script).mode & 0o777).toBe(0o755);
    expect(readFileSync(script, 'utf8')).toContain(`exec '${home.recorder.replaceAll("'", "'\\''")}' --verify "$@"`);
    const nemoAction = join(home.dirs.dataHome, 'nemo', 'actions', 'notarium-verify.nemo_action');
    expect(lstatSync(nemoAction).mode & 0o777).toBe(0o644);
    expect(readFileSync(nemoAction, 'utf8')).toContain('\n[Nemo Action]\nName=Verify with Notarium\n');
    expect(readFileSync(nemoAction, 'utf8')).toContain('\nSelection=notnone\nExtensions=any;\nQuote=double\n');
    for (const menu of ['kio/servicemenus', 'kservices5/ServiceMenus']) {
      const file = join(home.dirs.dataHome, menu, 'notarium-verify.desktop');
      expect(lstatSync(file).mode & 0o777).toBe(0o755);
      expect(readFileSync(file, 'utf8')).toContain('\n[Desktop Action verifyWithNotarium]\nName=Verify with Notarium\nIcon=notarium\nExec=');
    }

    // Thunar: the user's actions, comment and layout kept byte for byte, ours added once, the file's mode kept.
    const uca = join(home.dirs.configHome, 'Thunar', 'uca.xml');
    const ucaText = readFileSync(uca, 'utf8');
    const ours = ucaText.slice(USER_UCA.indexOf('</actions>'), ucaText.lastIndexOf('</actions>'));
    expect(ucaText).toBe(USER_UCA.replace('</actions>', `${ours}</actions>`));
    expect(ours).toMatch(/^<action>\n[\s\S]*<unique-id>notarium-verify-with-notarium<\/unique-id>[\s\S]*<\/action>\n$/);
    expect(parseUcaXml(ucaText).actions.map((a) => a.uniqueId)).toEqual(['1700000000-1', '1700000000-2', 'notarium-verify-with-notarium']);
    expect(lstatSync(uca).mode & 0o777).toBe(0o600);

    // Idempotent: a second install changes nothing at all.
    await installFileManagerIntegration(command, options);
    expect(snapshot(home.root, skip)).toEqual(afterInstall);

    // The app moved: the old command is reported outdated, installing the new one replaces ours.
    const moved = [home.recorder, '/opt/elsewhere/app.asar'] as const;
    expect((await fileManagerIntegrationStatus(moved, options)).map((r) => r.state)).toEqual(['outdated', 'outdated', 'outdated', 'outdated']);
    await installFileManagerIntegration(moved, options);
    expect((await fileManagerIntegrationStatus(moved, options)).map((r) => r.state)).toEqual(['installed', 'installed', 'installed', 'installed']);
    expect(parseUcaXml(readFileSync(uca, 'utf8')).actions.filter((a) => a.uniqueId === 'notarium-verify-with-notarium')).toHaveLength(1);

    // Uninstall: exactly as found (the user's files, modes and folders), and again is a no-op.
    await uninstallFileManagerIntegration(options);
    expect(snapshot(home.root, skip)).toEqual(before);
    await uninstallFileManagerIntegration(options);
    expect(snapshot(home.root, skip)).toEqual(before);
    expect((await fileManagerIntegrationStatus(command, options)).map((r) => r.state)).toEqual(['absent', 'absent', 'absent', 'absent']);
  });

  it('in an empty home, starts Thunar’s file from the system defaults and leaves nothing behind on uninstall', async () => {
    const home = sandboxHome();
    const systemUca = USER_UCA.replace('Open Terminal Here', 'System default');
    mkdirSync(join(home.dirs.configDirs[0]!, 'Thunar'), { recursive: true });
    writeFileSync(join(home.dirs.configDirs[0]!, 'Thunar', 'uca.xml'), systemUca);
    // The XDG base folders exist in any home (and are never removed): nothing else does.
    mkdirSync(home.dirs.dataHome);
    mkdirSync(home.dirs.configHome);
    const skip = ['argv', relative(home.root, join(home.recorder, '..'))];
    const before = snapshot(home.root, skip);

    await installFileManagerIntegration([home.recorder], { dirs: home.dirs });
    const uca = readFileSync(join(home.dirs.configHome, 'Thunar', 'uca.xml'), 'utf8');
    // Thunar reads the user's file instead of the system one once it exists: the defaults must come along.
    expect(parseUcaXml(uca).actions.map((a) => a.uniqueId)).toEqual(['1700000000-1', '1700000000-2', 'notarium-verify-with-notarium']);
    expect(uca).toContain('System default');

    await uninstallFileManagerIntegration({ dirs: home.dirs });
    expect(snapshot(home.root, skip)).toEqual(before);
    expect(readdirSync(home.dirs.dataHome)).toEqual([]);
    expect(readdirSync(home.dirs.configHome)).toEqual([]);
  });

  it('only the file managers asked for', async () => {
    const home = sandboxHome();
    const reports = await installFileManagerIntegration([home.recorder], { dirs: home.dirs, fileManagers: ['nemo'] });
    expect(reports.map((r) => [r.fileManager, r.state])).toEqual([['nemo', 'installed']]);
    expect(existsSync(join(home.dirs.dataHome, 'nautilus'))).toBe(false);
  });

  it('tells which file managers are on PATH', async () => {
    const home = sandboxHome();
    const bin = join(home.root, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'thunar'), '#!/bin/sh\n', { mode: 0o755 });
    const reports = await fileManagerIntegrationStatus([home.recorder], { dirs: home.dirs, path: bin });
    expect(reports.map((r) => [r.name, r.detected])).toEqual([
      ['GNOME Files (Nautilus)', false],
      ['Nemo', false],
      ['Dolphin', false],
      ['Thunar', true],
    ]);
  });
});

describe('the Nautilus script', () => {
  it('passes the selection to the command, exactly: relative names made absolute, spaces, quotes and newlines kept', async () => {
    const home = sandboxHome();
    await installFileManagerIntegration([home.recorder, "--app=it's here"], { dirs: home.dirs, fileManagers: ['nautilus'] });
    const script = join(home.dirs.dataHome, 'nautilus', 'scripts', 'Verify with Notarium');
    const folder = join(home.root, 'My Documents');
    mkdirSync(folder);
    const names = ['contract final.pdf', `it's "quoted".txt`, 'two\nlines.txt', '-looks-like-an-option', '$HOME `id`'];

    // Nautilus runs the script in the current folder, with the selected names as arguments.
    expect(runRecorded(home, script, [...names, '/abs/other file'], {}, folder)).toEqual([
      "--app=it's here",
      '--verify',
      ...names.map((name) => join(folder, name)),
      '/abs/other file',
    ]);
  });

  it('falls back to NAUTILUS_SCRIPT_SELECTED_FILE_PATHS (one path per line) when there are no arguments', async () => {
    const home = sandboxHome();
    await installFileManagerIntegration([home.recorder], { dirs: home.dirs, fileManagers: ['nautilus'] });
    const script = join(home.dirs.dataHome, 'nautilus', 'scripts', 'Verify with Notarium');
    const paths = ['/home/me/a b.pdf', "/home/me/it's.txt", '/home/me/*.glob'];
    expect(runRecorded(home, script, [], { NAUTILUS_SCRIPT_SELECTED_FILE_PATHS: `${paths.join('\n')}\n` }, home.root)).toEqual(['--verify', ...paths]);
  });
});

describe('the command in Nemo’s and Thunar’s formats', () => {
  /** The command line as the file manager has it once it has read its file (key file or XML). */
  function expandAndRun(home: ReturnType<typeof sandboxHome>, line: string, selected: string[], quote: (p: string) => string): string[] {
    // Both substitute %F with the quoted paths and %% with %, then split with g_shell_parse_argv,
    // which reads quotes as a POSIX shell does for these lines: sh stands in for it.
    const expanded = line.replace(/%([%F])/g, (_, code: string) => (code === '%' ? '%' : selected.map(quote).join(' ')));
    const run = spawnSync('sh', ['-c', `exec ${expanded}`], { env: { PATH: process.env.PATH ?? '', RECORD: home.record }, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    return readFileSync(home.record, 'utf8').split('\0').slice(0, -1);
  }

  const prefixArg = '/home/me/100% sure/app.asar';
  const selected = ['/tmp/a b.pdf', "/tmp/it's.txt"];

  it('Thunar: XML-escaped, shell-quoted, % doubled; the command reads back as given', async () => {
    const home = sandboxHome();
    await installFileManagerIntegration([home.recorder, prefixArg], { dirs: home.dirs, fileManagers: ['thunar'] });
    const xml = readFileSync(join(home.dirs.configHome, 'Thunar', 'uca.xml'), 'utf8');
    const raw = /<command>([\s\S]*?)<\/command>/.exec(xml)?.[1] ?? '';
    expect(raw).toContain('%%');
    const line = raw.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
    const gShellQuote = (p: string): string => `'${p.replaceAll("'", "'\\''")}'`;
    expect(expandAndRun(home, line, selected, gShellQuote)).toEqual([prefixArg, '--verify', ...selected]);
  });

  it('Nemo: key-file escaped, shell-quoted, % doubled; the command reads back as given', async () => {
    const home = sandboxHome();
    await installFileManagerIntegration([home.recorder, prefixArg], { dirs: home.dirs, fileManagers: ['nemo'] });
    const action = readFileSync(join(home.dirs.dataHome, 'nemo', 'actions', 'notarium-verify.nemo_action'), 'utf8');
    const exec = /^Exec=(.*)$/m.exec(action)?.[1] ?? '';
    const line = exec.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r', s: ' ' })[c] ?? c);
    // Quote=double: Nemo wraps each path in double quotes and escapes the quotes inside.
    const nemoQuote = (p: string): string => `"${p.replace(/["']/g, (c) => `\\${c}`)}"`;
    expect(expandAndRun(home, line, ['/tmp/a b.pdf'], nemoQuote)).toEqual([prefixArg, '--verify', '/tmp/a b.pdf']);
  });
});

describe('failures', () => {
  it('a malformed uca.xml is left untouched, named in a sentence for people, and does not stop the other file managers', async () => {
    const home = sandboxHome();
    const uca = join(home.dirs.configHome, 'Thunar', 'uca.xml');
    mkdirSync(join(home.dirs.configHome, 'Thunar'), { recursive: true });
    const broken = USER_UCA.replace('</actions>', '');
    writeFileSync(uca, broken);

    const error = await installFileManagerIntegration([home.recorder], { dirs: home.dirs }).catch((err: unknown) => err);
    expect(isNotariumError(error, 'THUNAR_ACTIONS_MALFORMED')).toBe(true);
    expect((error as Error).message).toContain(uca);
    expect((error as Error).message).toMatch(/left it unchanged/);
    expect(readFileSync(uca, 'utf8')).toBe(broken);
    expect(readdirSync(join(home.dirs.configHome, 'Thunar'))).toEqual(['uca.xml']);

    const reports = await fileManagerIntegrationStatus([home.recorder], { dirs: home.dirs });
    expect(reports.map((r) => r.state)).toEqual(['installed', 'installed', 'installed', 'unknown']);
    expect(reports[3]?.problem).toContain('is not valid XML');
    await expect(uninstallFileManagerIntegration({ dirs: home.dirs })).rejects.toMatchObject({ code: 'THUNAR_ACTIONS_MALFORMED' });
    expect(readFileSync(uca, 'utf8')).toBe(broken);
  });

  it("Thunar's uca.xml linked from elsewhere (dotfiles) stays a link; the linked file gets the action, and loses it again", async () => {
    const home = sandboxHome();
    const dotfiles = join(home.root, 'dotfiles');
    mkdirSync(dotfiles);
    writeFileSync(join(dotfiles, 'uca.xml'), USER_UCA);
    mkdirSync(join(home.dirs.configHome, 'Thunar'), { recursive: true });
    const uca = join(home.dirs.configHome, 'Thunar', 'uca.xml');
    symlinkSync(join(dotfiles, 'uca.xml'), uca);
    await installFileManagerIntegration([home.recorder], { dirs: home.dirs, fileManagers: ['thunar'] });
    expect(lstatSync(uca).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dotfiles, 'uca.xml'), 'utf8')).toContain('Verify with Notarium');
    await uninstallFileManagerIntegration({ dirs: home.dirs, fileManagers: ['thunar'] });
    expect(lstatSync(uca).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dotfiles, 'uca.xml'), 'utf8')).not.toContain('Verify with Notarium');
  });

  it('a file of the same name that Notarium did not write is neither overwritten nor removed', async () => {
    const home = sandboxHome();
    const path = join(home.dirs.dataHome, 'nemo', 'actions', 'notarium-verify.nemo_action');
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, '[Nemo Action]\nName=My own\n');
    await expect(installFileManagerIntegration([home.recorder], { dirs: home.dirs, fileManagers: ['nemo'] })).rejects.toMatchObject({
      code: 'FILE_MANAGER_CONFLICT',
    });
    await uninstallFileManagerIntegration({ dirs: home.dirs, fileManagers: ['nemo'] });
    expect(readFileSync(path, 'utf8')).toBe('[Nemo Action]\nName=My own\n');
  });

  it('a folder that cannot be written is a FILE_MANAGER_UNWRITABLE error that names it', async () => {
    const home = sandboxHome();
    // A file where the data folder should be: no one (root included) can create folders inside it.
    writeFileSync(home.dirs.dataHome, 'not a folder');
    const error = await installFileManagerIntegration([home.recorder], { dirs: home.dirs, fileManagers: ['nautilus'] }).catch((err: unknown) => err);
    expect(isNotariumError(error, 'FILE_MANAGER_UNWRITABLE')).toBe(true);
    expect((error as Error).message).toContain(join(home.dirs.dataHome, 'nautilus', 'scripts', 'Verify with Notarium'));
  });

  it('refuses an empty command', async () => {
    const home = sandboxHome();
    await expect(installFileManagerIntegration([], { dirs: home.dirs })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});
