import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { NotariumError } from '../errors/notarium-error.ts';
import { dolphin } from './dolphin.ts';
import type { FileManagerIntegration } from './file-manager.ts';
import { nautilus } from './nautilus.ts';
import { nemo } from './nemo.ts';
import type { IntegrationState } from './owned-file.ts';
import { thunar } from './thunar.ts';
import { checkVerifyCommand } from './verify-command.ts';
import { xdgDirs, type XdgDirs } from './xdg-dirs.ts';

/**
 * "Verify with Notarium" in the Linux file managers' context menus, per user: added, reported and
 * removed again. Windows and macOS get theirs from the installer (build/installer.nsh) and the
 * app bundle (electron-builder.yml).
 */

export type { IntegrationState } from './owned-file.ts';
export type { VerifyCommand } from './verify-command.ts';
export type { XdgDirs } from './xdg-dirs.ts';

export const FILE_MANAGERS = ['nautilus', 'nemo', 'dolphin', 'thunar'] as const;
export type FileManager = (typeof FILE_MANAGERS)[number];

const INTEGRATIONS: Record<FileManager, FileManagerIntegration> = { nautilus, nemo, dolphin, thunar };

export interface FileManagerReport {
  fileManager: FileManager;
  /** For people: "GNOME Files (Nautilus)", "Nemo", "Dolphin", "Thunar". */
  name: string;
  /** The file manager's program is on PATH (the entry can be added either way). */
  detected: boolean;
  /** 'unknown' when it could not be read: `problem` then says why. */
  state: IntegrationState | 'unknown';
  /** The sentence for people when the state could not be read (a malformed uca.xml, a folder that cannot be read). */
  problem?: string;
}

export interface IntegrationOptions {
  /** Default: from the environment (XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_CONFIG_DIRS, HOME). */
  dirs?: XdgDirs;
  /** Default: all of them. */
  fileManagers?: readonly FileManager[];
  /** Where to look for the file managers' programs; default process.env.PATH. */
  path?: string;
}

/**
 * Adds (or updates to this command) the entry in each file manager; idempotent. Every file manager
 * is tried; the first failure is thrown after the others are done, as a NotariumError.
 */
export async function installFileManagerIntegration(command: readonly string[], options: IntegrationOptions = {}): Promise<FileManagerReport[]> {
  checkVerifyCommand(command);
  const dirs = options.dirs ?? xdgDirs();
  await eachFileManager(options, (integration) => integration.install(command, dirs));
  return fileManagerIntegrationStatus(command, options);
}

/** Removes what Notarium added, and only that; idempotent. */
export async function uninstallFileManagerIntegration(options: IntegrationOptions = {}): Promise<void> {
  const dirs = options.dirs ?? xdgDirs();
  await eachFileManager(options, (integration) => integration.uninstall(dirs));
}

/** Which file managers have the entry, and whether it still runs `command` (else: 'outdated', install again). */
export async function fileManagerIntegrationStatus(command: readonly string[], options: IntegrationOptions = {}): Promise<FileManagerReport[]> {
  checkVerifyCommand(command);
  const dirs = options.dirs ?? xdgDirs();
  return Promise.all(
    selected(options).map(async (fileManager): Promise<FileManagerReport> => {
      const integration = INTEGRATIONS[fileManager];
      const detected = await onPath(integration.executables, options.path ?? process.env.PATH ?? '');
      try {
        return { fileManager, name: integration.name, detected, state: await integration.status(command, dirs) };
      } catch (err) {
        if (!(err instanceof NotariumError)) throw err;
        return { fileManager, name: integration.name, detected, state: 'unknown', problem: err.message };
      }
    }),
  );
}

function selected(options: IntegrationOptions): readonly FileManager[] {
  return options.fileManagers ?? FILE_MANAGERS;
}

async function eachFileManager(options: IntegrationOptions, run: (integration: FileManagerIntegration) => Promise<void>): Promise<void> {
  const failures: unknown[] = [];
  for (const fileManager of selected(options)) {
    // One file manager's trouble (say, Thunar's malformed uca.xml) does not keep the others from working.
    await run(INTEGRATIONS[fileManager]).catch((err: unknown) => failures.push(err));
  }
  if (failures.length > 0) throw failures[0];
}

async function onPath(executables: readonly string[], path: string): Promise<boolean> {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    for (const executable of executables) {
      const found = await access(join(dir, executable), constants.X_OK).then(
        () => true,
        () => false,
      );
      if (found) return true;
    }
  }
  return false;
}
