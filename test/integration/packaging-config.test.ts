import { existsSync, readFileSync } from 'node:fs';
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
    for (const source of ['main', 'renderer', 'preload', 'sandbox', 'test', 'bench', 'scripts']) {
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
});
