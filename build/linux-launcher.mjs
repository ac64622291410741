// The Linux launcher (build/launcher/notarium) put in the app's folder in place of Electron's
// binary, which becomes notarium-bin, by two electron-builder hooks (electron-builder.yml). Two,
// because electron-builder flips the fuses after afterPack, on <app folder>/notarium: afterPack
// moves the binary and leaves a link in its place, through which the fuses are flipped in the
// binary; then, before each Linux target (deb, AppImage) is made from the folder, the link
// becomes the launcher. electron-builder takes each hook by its name from this one module, so the
// two share what afterPack found.
import { chmodSync, copyFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LAUNCHER = fileURLToPath(new URL('./launcher/notarium', import.meta.url));
/** Folders packed whose link still waits for the launcher. */
const waiting = [];

export async function afterPack(context) {
  if (context.electronPlatformName !== 'linux') return;
  const executable = join(context.appOutDir, context.packager.executableName);
  renameSync(executable, `${executable}-bin`);
  symlinkSync(`${context.packager.executableName}-bin`, executable);
  waiting.push(executable);
}

export async function artifactBuildStarted() {
  for (const executable of waiting.splice(0)) {
    rmSync(executable);
    copyFileSync(LAUNCHER, executable);
    chmodSync(executable, 0o755);
  }
}
