import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from 'app-builder-lib';
import { dolphinServiceMenu } from '../../main/core/desktop-integration/dolphin.ts';
import { debExecutablePath, linuxDesktopEntries, loadBuilderConfig } from '../support/electron-builder.ts';

// desktop-file-validate (Debian: desktop-file-utils) checks entries against the Desktop Entry Specification.
function validate(name: string, content: string): { status: number | null; output: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'notarium-desktop-')), name);
  writeFileSync(file, content);
  const run = spawnSync('desktop-file-validate', [file], { encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}`.replaceAll(`${file}: `, '').trim() };
}

/** The key=value lines of one group of a desktop entry. */
function group(entry: string, name: string): Record<string, string> {
  const body = entry.split(`[${name}]\n`)[1]?.split('\n[')[0] ?? '';
  return Object.fromEntries(
    body
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('the desktop entries electron-builder generates from electron-builder.yml', () => {
  let config: Configuration;
  let entries: { appImage: string; deb: string };
  beforeAll(async () => {
    config = await loadBuilderConfig();
    entries = await linuxDesktopEntries(config);
  });

  it.each(['deb', 'appImage'] as const)('the %s entry passes desktop-file-validate with no message at all', (target) => {
    expect(validate('notarium.desktop', entries[target])).toEqual({ status: 0, output: '' });
  });

  it('the deb entry offers "Verify with Notarium" on the installed executable, and declares the receipt type', () => {
    const main = group(entries.deb, 'Desktop Entry');
    const verify = group(entries.deb, 'Desktop Action Verify');
    expect(main.Exec).toBe(`${debExecutablePath(config)} %U`);
    expect(main.Actions).toBe('Verify;');
    expect(main.MimeType).toBe('application/vnd.notarium.receipt+json;');
    expect(main.Icon).toBe('notarium');
    expect(verify).toEqual({ Name: 'Verify with Notarium', Exec: `${debExecutablePath(config)} --verify %F` });
  });

  it('the AppImage entry runs the action through AppRun, like its main entry (the per-target settings do not leak into each other)', () => {
    const main = group(entries.appImage, 'Desktop Entry');
    const verify = group(entries.appImage, 'Desktop Action Verify');
    expect(main.Exec).toBe('AppRun --no-sandbox %U');
    expect(main.Actions).toBe('Verify;');
    expect(verify).toEqual({ Name: 'Verify with Notarium', Exec: 'AppRun --no-sandbox --verify %F' });
  });
});

describe("Dolphin's service menu", () => {
  it('is a valid desktop entry, with an awkward command quoted in Exec, except for the two keys of KDE service menus', () => {
    const result = validate('notarium-verify.desktop', dolphinServiceMenu(['/opt/My "Apps"/Notarium $1/notarium', '/home/me/100% app\\dir']));
    // The Desktop Entry Specification reserves MimeType and Actions for Type=Application; KIO's
    // service menus are Type=Service and are defined by exactly these two keys.
    expect(result.output.split('\n')).toEqual([
      'error: key "MimeType" is present in group "Desktop Entry", but the type is "Service" while this key is only valid for type "Application"',
      'error: key "Actions" is present in group "Desktop Entry", but the type is "Service" while this key is only valid for type "Application"',
    ]);
  });
});
