import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const include = resolve(import.meta.dirname, '../../build/installer.nsh');

/**
 * build/installer.nsh compiled by Debian's makensis (package nsis) in a small installer that stands
 * in for electron-builder's: the same define the macros use, $INSTDIR, and the macros called in
 * the install and uninstall sections, as installSection.nsh and uninstaller.nsh call them.
 */
function compile(): { status: number | null; output: string; exe: string } {
  const dir = mkdtempSync(join(tmpdir(), 'notarium-nsis-'));
  writeFileSync(
    join(dir, 'harness.nsi'),
    `Unicode true
!define APP_EXECUTABLE_FILENAME "Notarium.exe"
Name "Notarium"
OutFile "harness.exe"
InstallDir "$LOCALAPPDATA\\Programs\\Notarium"
RequestExecutionLevel user
!include "${include}"
Section "Install"
  SetOutPath "$INSTDIR"
  WriteUninstaller "$INSTDIR\\Uninstall Notarium.exe"
  !insertmacro customInstall
SectionEnd
Section "Uninstall"
  !insertmacro customUnInstall
SectionEnd
`,
  );
  // -WX: a warning fails the build; -V4: every command is listed, with its registry key and value.
  const run = spawnSync('makensis', ['-WX', '-V4', '-NOCD', 'harness.nsi'], { cwd: dir, encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}`, exe: join(dir, 'harness.exe') };
}

describe('build/installer.nsh', () => {
  const result = compile();

  it('compiles with makensis, warnings counted as errors', () => {
    expect(result.status, result.output).toBe(0);
    expect(existsSync(result.exe)).toBe(true);
  });

  it("writes the verb for every file and folder, in the install mode's hive (SHCTX): label, icon, and the command with --verify '%1'", () => {
    const writes = result.output.split('\n').filter((line) => line.startsWith('WriteRegStr:'));
    expect(writes).toEqual([
      'WriteRegStr: SHCTX\\Software\\Classes\\*\\shell\\NotariumVerify\\MUIVerb=Verify with Notarium',
      'WriteRegStr: SHCTX\\Software\\Classes\\*\\shell\\NotariumVerify\\Icon="$INSTDIR\\Notarium.exe",0',
      'WriteRegStr: SHCTX\\Software\\Classes\\*\\shell\\NotariumVerify\\command\\="$INSTDIR\\Notarium.exe" --verify "%1"',
      'WriteRegStr: SHCTX\\Software\\Classes\\Directory\\shell\\NotariumVerify\\MUIVerb=Verify with Notarium',
      'WriteRegStr: SHCTX\\Software\\Classes\\Directory\\shell\\NotariumVerify\\Icon="$INSTDIR\\Notarium.exe",0',
      'WriteRegStr: SHCTX\\Software\\Classes\\Directory\\shell\\NotariumVerify\\command\\="$INSTDIR\\Notarium.exe" --verify "%1"',
    ]);
  });

  it('removes exactly those keys on uninstall, and tells Explorer both times', () => {
    const deletes = result.output.split('\n').filter((line) => line.startsWith('DeleteRegKey:'));
    expect(deletes).toEqual([
      'DeleteRegKey: SHCTX\\Software\\Classes\\*\\shell\\NotariumVerify',
      'DeleteRegKey: SHCTX\\Software\\Classes\\Directory\\shell\\NotariumVerify',
    ]);
    expect(result.output.match(/Plugin command: Call shell32::SHChangeNotify\(i 0x08000000/g)).toHaveLength(2);
  });
});
