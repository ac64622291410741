import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from 'app-builder-lib';
import { APP_ID } from '../../main/electron/app-id.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { loadBuilderConfig, projectDir, REQUIRED_FUSES, schemaPath, validateWithElectronBuilder } from '../support/electron-builder.ts';

describe('electron-builder.yml', () => {
  let config: Configuration;
  beforeAll(async () => {
    config = await loadBuilderConfig();
  });

  it('is valid against the JSON schema electron-builder ships (ajv, draft-07), with no error at all', () => {
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>;
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    // Strict, unlike electron-builder's own check: an unknown keyword or a loose schema fails here.
    // `typeof` is the one keyword the schema uses outside the standard (for options that may be
    // functions in JavaScript configurations); a YAML file never holds one, so it only annotates.
    const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
    ajv.addKeyword({ keyword: 'typeof', schemaType: 'string' });
    const validate = ajv.compile(schema);
    const valid = validate(config);
    expect(validate.errors ?? [], ajv.errorsText(validate.errors)).toEqual([]);
    expect(valid).toBe(true);
    // And it does catch a mistake: a misspelt option.
    expect(validate({ ...config, nsis: { ...config.nsis, oneClik: false } })).toBe(false);
  });

  it("passes electron-builder's own validation", async () => {
    await expect(validateWithElectronBuilder(config)).resolves.toBeUndefined();
  });

  it("names the app as the app names itself: Windows' AppUserModelID, and package.json's productName (macOS menu, Linux notifications)", () => {
    expect(config.appId).toBe(APP_ID);
    expect(packageJson.productName).toBe(config.productName);
  });

  it('flips the fuses that close the ways around the packaged app', () => {
    expect(config.electronFuses).toEqual(REQUIRED_FUSES);
  });

  it('packs the app in an asar with the native modules outside it, and ships built code only', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(expect.arrayContaining([expect.stringContaining('better-sqlite3'), expect.stringContaining('@napi-rs/keyring')]));
    // electron-builder's loader normalises `files` into file sets of patterns.
    const files = (config.files as Array<string | { filter?: string[] }>).flatMap((set) => (typeof set === 'string' ? [set] : (set.filter ?? [])));
    expect(files).toContain('dist/**');
    expect(files).toEqual(expect.arrayContaining(['!dist/native/**', '!dist/.*.build.json'])); // what only a clone's npm start uses
    for (const source of ['main', 'renderer', 'preload', 'verifier', 'verifier-page', 'sandbox', 'test', 'bench', 'scripts']) {
      expect(files.some((pattern) => pattern.startsWith(`${source}/`) || pattern === source)).toBe(false);
    }
  });

  it('names the build resources it uses, and they exist', () => {
    expect(config.directories).toEqual({ buildResources: 'build', output: 'release' });
    expect(config.nsis?.include).toBe('build/installer.nsh');
    expect(existsSync(join(projectDir, 'build', 'installer.nsh'))).toBe(true);
    expect(existsSync(join(projectDir, 'build', 'icon.svg'))).toBe(true);
  });

  it('targets AppImage and deb, NSIS per user, and a dmg; receipts are the app’s document, any file opens with it on macOS', () => {
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toBe('nsis');
    expect(config.mac?.target).toBe('dmg');
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false });
    expect(config.fileAssociations).toEqual([
      expect.objectContaining({ ext: 'receipt.json', role: 'Viewer', mimeType: 'application/vnd.notarium.receipt+json' }),
    ]);
    expect(config.mac?.extendInfo?.CFBundleDocumentTypes).toEqual([
      { CFBundleTypeName: 'Any file', CFBundleTypeRole: 'Viewer', LSHandlerRank: 'Alternate', LSItemContentTypes: ['public.data'] },
    ]);
  });

  it('brings the notarium command: the CLI bundle in the package, the deb links the app binary, macOS and Windows a script beside it', () => {
    const files = (config.files as Array<string | { filter?: string[] }>).flatMap((set) => (typeof set === 'string' ? [set] : (set.filter ?? [])));
    expect(files).toContain('dist/**');
    expect(files.filter((pattern) => pattern.startsWith('!dist/'))).toEqual(['!dist/**/*.map', '!dist/native/**', '!dist/.*.build.json']);
    // electron-builder's deb after-install links /usr/bin/<executableName> to /opt/<productName>/
    // <executableName>: the launcher, which runs the app binary with the command
    // (main/electron/command-line.ts).
    expect(config.linux?.executableName).toBe('notarium');
    const resource = (extra: unknown) => (extra as Array<{ from: string; to: string }>).map(({ from, to }) => ({ from, to }));
    expect(resource(config.mac?.extraResources)).toEqual([{ from: 'build/cli/notarium', to: 'bin/notarium' }]);
    expect(resource(config.win?.extraResources)).toEqual([{ from: 'build/cli/notarium.cmd', to: 'bin/notarium.cmd' }]);
    const cmd = readFileSync(join(projectDir, 'build', 'cli', 'notarium.cmd'), 'utf8');
    expect(cmd).toContain('"%~dp0..\\..\\Notarium.exe" %*\r\n');
    expect(cmd).toMatch(/exit \/b %ERRORLEVEL%\r\n$/);
  });

  it("the deb's AppArmor profile (Ubuntu 24.04+ user namespaces) attaches to the launcher and to the binary it execs", () => {
    expect(config.deb?.appArmorProfile).toBe('build/apparmor-profile.tpl');
    // Filled as electron-builder fills its templates (FpmTarget's writeConfigFile: ${name} macros).
    const values: Record<string, string> = { executable: config.linux!.executableName!, sanitizedProductName: config.productName! };
    const profile = readFileSync(join(projectDir, config.deb!.appArmorProfile!), 'utf8').replace(/\$\{([a-zA-Z]+)\}/g, (_, name: string) => values[name]!);
    const attachment = /^profile "notarium" "([^"]+)" flags=\(unconfined\) \{$/m.exec(profile)?.[1];
    expect(attachment).toBe('/opt/Notarium/{notarium,notarium-bin}');
    expect(profile).toMatch(/^\s+userns,$/m);
  });

  it("the macOS script runs the app's binary with the arguments, also through the link the menu installs", () => {
    const app = mkdtempSync(join(tmpdir(), 'notarium-app-'));
    try {
      const contents = join(app, 'Notarium.app', 'Contents');
      mkdirSync(join(contents, 'MacOS'), { recursive: true });
      mkdirSync(join(contents, 'Resources', 'bin'), { recursive: true });
      // A stand-in binary that says how it was called.
      writeFileSync(join(contents, 'MacOS', 'Notarium'), '#!/bin/sh\nprintf "%s|" "$@"\nexit 3\n');
      chmodSync(join(contents, 'MacOS', 'Notarium'), 0o755);
      const script = join(contents, 'Resources', 'bin', 'notarium');
      writeFileSync(script, readFileSync(join(projectDir, 'build', 'cli', 'notarium')), { mode: 0o755 });
      const link = join(app, 'usr-local-bin-notarium');
      symlinkSync(script, link);
      for (const command of [script, link]) {
        expect(spawnSync(command, ['hash', 'a file.txt'], { encoding: 'utf8' })).toMatchObject({ status: 3, stdout: 'hash|a file.txt|' });
      }
    } finally {
      rmSync(app, { recursive: true, force: true });
    }
  });
});
