import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const include = resolve(import.meta.dirname, '../../build/installer.nsh');

/**
 * electron-builder's `${isUpdated}` (the --updated flag it passes to an update's installer and to
 * the old version's uninstaller) with FileFunc in place of its StdUtils plugin, which Debian lacks.
 */
const IS_UPDATED = `!include FileFunc.nsh
!macro _isUpdated _a _b _t _f
  \${GetParameters} $R9
  ClearErrors
  \${GetOptions} $R9 "--updated" $R8
  IfErrors \`\${_f}\` \`\${_t}\`
!macroend
!define isUpdated \`"" isUpdated ""\``;

/**
 * build/installer.nsh compiled by Debian's makensis (package nsis) in small scripts that stand in for
 * electron-builder's two builds, each including it before its pages as its script header does, with
 * the define the macros use, $INSTDIR, ${isUpdated}: the installer (assistedInstaller.nsh's pages — the
 * folder page, customPageAfterChangeDir, the progress page — and customInstall where
 * installSection.nsh inserts it) and the uninstaller (BUILD_UNINSTALLER defined, customUnInstall in
 * its section, as uninstaller.nsh inserts it).
 */
function compile(build: 'installer' | 'uninstaller'): { status: number | null; output: string; exe: string } {
  const dir = mkdtempSync(join(tmpdir(), 'notarium-nsis-'));
  const installer = `!include "MUI2.nsh"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro customPageAfterChangeDir
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
Section "Install"
  SetOutPath "$INSTDIR"
  !insertmacro customInstall
SectionEnd
`;
  const uninstaller = `Function .onInit
  WriteUninstaller "$EXEDIR\\Uninstall Notarium.exe"
  Quit
FunctionEnd
Section "Install"
SectionEnd
Section "Uninstall"
  !insertmacro customUnInstall
SectionEnd
`;
  writeFileSync(
    join(dir, 'harness.nsi'),
    `Unicode true
${build === 'uninstaller' ? '!define BUILD_UNINSTALLER\n' : ''}!define APP_EXECUTABLE_FILENAME "Notarium.exe"
Name "Notarium"
OutFile "harness.exe"
InstallDir "$LOCALAPPDATA\\Programs\\Notarium"
RequestExecutionLevel user
${IS_UPDATED}
!include "${include}"
${build === 'installer' ? installer : uninstaller}`,
  );
  // -WX: a warning fails the build; -V4: every command is listed, with its registry key and value.
  const run = spawnSync('makensis', ['-WX', '-V4', '-NOCD', 'harness.nsi'], { cwd: dir, encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}`, exe: join(dir, 'harness.exe') };
}

const lines = (output: string, pattern: RegExp): string[] => output.split('\n').filter((line) => pattern.test(line));
/** Every registry command, in the order of the script. */
const REGISTRY = /^(WriteReg\w+:|DeleteReg\w+:|ReadReg\w+ )/;
const USER_PATH = 'HKCU\\Environment\\Path';
const SIZE_ASKED = 'Plugin command: Call advapi32::RegGetValueW(p 0x80000001, w "Environment", w "Path", i 0x10000006, *i .R2, p 0, *i .R1) i .R0';
const ANNOUNCED = 'SendMessage: (timeout=5000)(0xFFFF,0x001A,0,STR:Environment)';

describe('build/installer.nsh', () => {
  const result = compile('installer');
  const uninstall = compile('uninstaller');

  it('compiles with makensis in both builds, warnings counted as errors', () => {
    expect(result.status, result.output).toBe(0);
    expect(existsSync(result.exe)).toBe(true);
    expect(uninstall.status, uninstall.output).toBe(0);
  });

  it("writes the verb for every file and folder, in the install mode's hive (SHCTX): label, icon, and the command with --verify '%1'", () => {
    const writes = lines(result.output, /^WriteRegStr: SHCTX/);
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
    const deletes = lines(uninstall.output, /^DeleteRegKey:/);
    expect(deletes).toEqual([
      'DeleteRegKey: SHCTX\\Software\\Classes\\*\\shell\\NotariumVerify',
      'DeleteRegKey: SHCTX\\Software\\Classes\\Directory\\shell\\NotariumVerify',
    ]);
    for (const build of [result, uninstall]) {
      expect(build.output.match(/Plugin command: Call shell32::SHChangeNotify\(i 0x08000000/g)).toHaveLength(1);
    }
  });

  it('offers the command on the PATH on a page of its own after the folder page, its box ticked, and reads the box as it is left', () => {
    expect(lines(result.output, /^(!insertmacro: (MUI_PAGE_\w+|customPageAfterChangeDir)|Page: )/)).toEqual([
      '!insertmacro: MUI_PAGE_DIRECTORY',
      '!insertmacro: customPageAfterChangeDir',
      'Page: custom (creator:notariumPathPageShow) (leave:notariumPathPageLeave)',
      '!insertmacro: MUI_PAGE_INSTFILES',
    ]);
    expect(result.output).toContain('&Add the notarium command to my PATH');
    // BM_SETCHECK BST_CHECKED when the page is shown; BM_GETCHECK when it is left.
    expect(lines(result.output, /^SendMessage:.*\$notariumPathBox/)).toEqual([
      'SendMessage:($notariumPathBox,0x00F1,1,0)',
      'SendMessage:(->$0)($notariumPathBox,0x00F0,0,0)',
    ]);
  });

  it("changes only the user's Path (HKCU\\Environment), never the system's, each read after its size was asked, and tells Windows each time", () => {
    // Installing: the folder added (to a Path of the user's, or as the new Path), or, the box unticked, taken off.
    expect(lines(result.output, REGISTRY).filter((line) => !line.includes('SHCTX'))).toEqual([
      `ReadRegStr $R3 ${USER_PATH}`,
      `DeleteRegValue: ${USER_PATH}`,
      `WriteRegStr: ${USER_PATH}=$R4`,
      `WriteRegExpandStr: ${USER_PATH}=$R4`,
      `WriteRegExpandStr: ${USER_PATH}=$INSTDIR\\resources\\bin`,
      `ReadRegStr $R3 ${USER_PATH}`,
      `WriteRegStr: ${USER_PATH}=$R4`,
      `WriteRegExpandStr: ${USER_PATH}=$R4`,
    ]);
    // Uninstalling: the Path without the folder written back (or deleted when nothing else was in it).
    expect(lines(uninstall.output, REGISTRY).filter((line) => !line.includes('SHCTX'))).toEqual([
      `ReadRegStr $R3 ${USER_PATH}`,
      `DeleteRegValue: ${USER_PATH}`,
      `WriteRegStr: ${USER_PATH}=$R4`,
      `WriteRegExpandStr: ${USER_PATH}=$R4`,
    ]);
    for (const build of [result, uninstall]) {
      const steps = lines(build.output, /^(Plugin command: Call advapi32::RegGetValueW|ReadRegStr )/);
      expect(steps.length).toBeGreaterThan(0);
      // Each read follows its own size check: never two reads, or a read first.
      expect(steps.filter((_, i) => i % 2 === 0).every((step) => step === SIZE_ASKED)).toBe(true);
      expect(steps.filter((_, i) => i % 2 === 1).every((step) => step.startsWith('ReadRegStr '))).toBe(true);
      expect(build.output).toContain(ANNOUNCED);
    }
    expect(result.output.match(/SendMessage: \(timeout=5000\)\(0xFFFF,0x001A,0,STR:Environment\)/g)).toHaveLength(3);
    expect(uninstall.output.match(/SendMessage: \(timeout=5000\)\(0xFFFF,0x001A,0,STR:Environment\)/g)).toHaveLength(1);
  });
});
