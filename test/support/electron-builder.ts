/**
 * electron-builder's own code, run on electron-builder.yml without packaging anything (packaging
 * would download Electron): its configuration loader and validation, and the desktop-entry
 * renderer its deb and AppImage targets call, given the few packager facts it reads.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Configuration, LinuxTargetSpecificOptions } from 'app-builder-lib';
import type * as ConfigModule from 'app-builder-lib/out/util/config/config.js';
import type * as LinuxHelperModule from 'app-builder-lib/out/targets/LinuxTargetHelper.js';
import type * as DebugLoggerModule from 'builder-util/out/DebugLogger.js';
import type * as FilenameModule from 'builder-util/out/filename.js';
import type * as ObjectsModule from 'builder-util-runtime/out/objects.js';

export const projectDir = resolve(import.meta.dirname, '../..');
const require = createRequire(join(projectDir, 'package.json'));

const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as typeof ConfigModule;
const { LinuxTargetHelper, buildExecArgs, installPrefix } = require('app-builder-lib/out/targets/LinuxTargetHelper.js') as typeof LinuxHelperModule;
const { DebugLogger } = require('builder-util/out/DebugLogger.js') as typeof DebugLoggerModule;
const { sanitizeFileName } = require('builder-util/out/filename.js') as typeof FilenameModule;
const { deepAssign } = require('builder-util-runtime/out/objects.js') as typeof ObjectsModule;

export const schemaPath = require.resolve('app-builder-lib/scheme.json');

/** electron-builder.yml as electron-builder loads it (YAML, then its configuration merge). */
/** The fuses the packaged app must have flipped: no running as plain Node, no NODE_OPTIONS or --inspect from outside, encrypted cookies, only the integrity-checked app.asar. */
export const REQUIRED_FUSES = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
};

export function loadBuilderConfig(): Promise<Configuration> {
  return getConfig(projectDir, null, null);
}

/** electron-builder's own check of a configuration (it throws on an invalid one). */
export function validateWithElectronBuilder(config: Configuration): Promise<void> {
  return validateConfiguration(config, new DebugLogger(false));
}

/** The packager facts LinuxTargetHelper.computeDesktopEntry reads, as LinuxPackager computes them. */
function linuxPackager(config: Configuration): ConstructorParameters<typeof LinuxTargetHelper>[0] {
  const metadata = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as { name: string; description: string; desktopName?: string };
  const productName = config.productName ?? metadata.name;
  const linux = config.linux ?? {};
  const executableName = linux.executableName ?? config.executableName;
  const toArray = <T>(value: T | T[] | null | undefined): T[] => (value == null ? [] : Array.isArray(value) ? value : [value]);
  return {
    config,
    platformSpecificBuildOptions: linux,
    appInfo: { productName, sanitizedProductName: sanitizeFileName(productName), description: metadata.description },
    executableName: executableName == null ? sanitizeFileName(productName).toLowerCase() : sanitizeFileName(executableName),
    info: { metadata },
    fileAssociations: [...toArray(config.fileAssociations), ...toArray(linux.fileAssociations)],
  } as unknown as ConstructorParameters<typeof LinuxTargetHelper>[0];
}

/**
 * The .desktop files of the Linux targets. Options are merged the way the targets do it, all of
 * them first (in `linux.target` order, as the packager creates the targets) and rendered after,
 * so that one target's merge changing a shared object would show here too.
 */
export async function linuxDesktopEntries(config: Configuration): Promise<{ appImage: string; deb: string }> {
  const merged: Record<string, LinuxTargetSpecificOptions> = {};
  const targets = (Array.isArray(config.linux?.target) ? config.linux.target : [config.linux?.target]).map((t) =>
    String(typeof t === 'object' && t ? t.target : t),
  );
  for (const target of targets) {
    const key = target === 'AppImage' ? 'appImage' : target;
    merged[key] = deepAssign({}, config.linux, (config as Record<string, unknown>)[key]);
  }
  const helper = new LinuxTargetHelper(linuxPackager(config));
  const appImageOptions = merged.appImage ?? {};
  // AppImageTarget: Exec on AppRun with the default --no-sandbox; FpmTarget (deb): the default Exec.
  const appImageExec = ['AppRun', buildExecArgs(appImageOptions.executableArgs ?? ['--no-sandbox']), '%U'].filter(Boolean).join(' ');
  return {
    appImage: await helper.computeDesktopEntry(appImageOptions, appImageExec, { 'X-AppImage-Version': '0.0.0-test' }),
    deb: await helper.computeDesktopEntry(merged.deb ?? {}),
  };
}

/** Where the deb installs the executable (electron-builder's installPrefix/productName/executableName). */
export function debExecutablePath(config: Configuration): string {
  const packager = linuxPackager(config) as unknown as { appInfo: { sanitizedProductName: string }; executableName: string };
  return `${installPrefix}/${packager.appInfo.sanitizedProductName}/${packager.executableName}`;
}
