import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { electronSqliteBuild } from '../../../main/core/electron-sqlite-build.ts';
import { engineSqliteEnv } from '../../../main/electron/engine-sqlite.ts';

// Which SQLite the engine loads, however the app was started: packaged, by `npm start`, or
// directly on a clone ("Verify with Notarium" from a file manager runs `electron <clone> --verify`).

const appRoot = mkdtempSync(join(tmpdir(), 'notarium-engine-sqlite-'));
afterAll(() => rmSync(appRoot, { recursive: true, force: true }));
const facts = { isPackaged: false, appRoot, electronVersion: '45.4.1', env: { HOME: '/home/ann' } };

describe("the engine's SQLite build", () => {
  it('packaged: its own, whatever the environment names', () => {
    expect(engineSqliteEnv({ ...facts, isPackaged: true, env: { HOME: '/home/ann', NOTARIUM_ELECTRON_SQLITE: '/tmp/evil.js' } })).toEqual({
      HOME: '/home/ann',
    });
  });

  it('started by npm start: the build the launcher named', () => {
    expect(engineSqliteEnv({ ...facts, env: { NOTARIUM_ELECTRON_SQLITE: '/clone/dist/native/x/index.js' } })).toEqual({
      NOTARIUM_ELECTRON_SQLITE: '/clone/dist/native/x/index.js',
    });
  });

  it('started directly on a clone without one: says what to run, rather than fail on the module version', () => {
    expect(() => engineSqliteEnv(facts)).toThrow(
      expect.objectContaining({
        code: 'APP_UNAVAILABLE',
        message: `SQLite is not compiled for Electron 45.4.1 in this development copy yet: run "npm start" once in ${appRoot} (it compiles it), then try again.`,
      }),
    );
  });

  it('started directly on a clone where npm start compiled it before: that build', () => {
    const build = electronSqliteBuild(appRoot, '45.4.1');
    mkdirSync(dirname(build.binary), { recursive: true });
    writeFileSync(build.binary, '');
    expect(engineSqliteEnv(facts)).toEqual({ HOME: '/home/ann', NOTARIUM_ELECTRON_SQLITE: build.entry });
  });
});
