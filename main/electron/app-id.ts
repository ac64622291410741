/**
 * The app's identity on Windows: the installer registers its shortcuts under electron-builder.yml's
 * `appId`, and Windows shows a notification only for the AppUserModelID of a shortcut
 * (test/integration/packaging-config.test.ts holds the two equal).
 */
export const APP_ID = 'app.notarium.desktop';

/** Packaged: the installer's appId. From a clone (no shortcut of ours): the executable, as Electron's docs advise. */
export function appUserModelId(isPackaged: boolean, execPath: string): string {
  return isPackaged ? APP_ID : execPath;
}
