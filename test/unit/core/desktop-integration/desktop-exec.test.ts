import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { desktopExecArg, desktopExecValue, escapeDesktopString } from '../../../../main/core/desktop-integration/desktop-exec.ts';

describe('desktop entry Exec quoting', () => {
  it('quotes reserved characters, escapes inside the quotes, and doubles %', () => {
    expect(desktopExecArg('/opt/Notarium/notarium')).toBe('/opt/Notarium/notarium');
    expect(desktopExecArg('/opt/My App/notarium')).toBe('"/opt/My App/notarium"');
    expect(desktopExecArg('a"b`c$d\\e')).toBe('"a\\"b\\`c\\$d\\\\e"');
    expect(desktopExecArg('50%')).toBe('50%%');
    expect(desktopExecArg('')).toBe('""');
  });

  it('escapes the whole value as a string, so a backslash in an argument is written four times', () => {
    expect(desktopExecValue(['/x\\y'], ['--verify', '%F'])).toBe('"/x\\\\\\\\y" --verify %F');
    expect(escapeDesktopString('a\nb\tc\\')).toBe('a\\nb\\tc\\\\');
  });

  it("is read back exactly by GLib's desktop-entry launcher (gio launch), selected files appended", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notarium-exec-'));
    // A recorder in an awkward folder stands in for Notarium: it writes its arguments, NUL-separated.
    const folder = join(dir, `My "Apps" $HOME \`x\` it's\\here`);
    mkdirSync(folder);
    const recorder = join(folder, 'notarium app');
    const record = join(dir, 'argv');
    writeFileSync(recorder, `#!/bin/sh\nfor a in "$@"; do printf '%s\\0' "$a"; done > '${record}'\n`);
    chmodSync(recorder, 0o755);
    const appArg = `/home/me/100% sure/app's "dir"`;
    const entry = join(dir, 'verify.desktop');
    writeFileSync(entry, `[Desktop Entry]\nType=Application\nName=Verify\nExec=${desktopExecValue([recorder, appArg], ['--verify', '%F'])}\n`);

    const selected = ['/tmp/a file.pdf', "/tmp/it's.txt"];
    const run = spawnSync('gio', ['launch', entry, ...selected], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    // gio returns once the program is started: wait for the recording.
    const recorded = (): string[] => (existsSync(record) ? readFileSync(record, 'utf8').split('\0').slice(0, -1) : []);
    await expect.poll(recorded).toEqual([appArg, '--verify', ...selected]);
  });
});
