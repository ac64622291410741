import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RebuildRequest } from '../../main/cli/electron-launch.ts';

/**
 * A stand-in for @electron/rebuild (which needs Electron's headers from the internet): the
 * "compiled" better-sqlite3 is the repository's own Node build, copied where the real one would be.
 * Records each request, and whether a Node build was already there (it must not be copied along).
 */
export function stubRebuild(): { rebuild: (request: RebuildRequest) => Promise<void>; requests: RebuildRequest[]; copiedNodeBuild: () => boolean } {
  const requests: RebuildRequest[] = [];
  let copiedNodeBuild = false;
  const rebuild = async (request: RebuildRequest): Promise<void> => {
    requests.push(request);
    const out = join(request.buildPath, 'node_modules', 'better-sqlite3', 'build', 'Release');
    copiedNodeBuild ||= existsSync(join(out, 'better_sqlite3.node'));
    mkdirSync(out, { recursive: true });
    copyFileSync(resolve('node_modules/better-sqlite3/build/Release/better_sqlite3.node'), join(out, 'better_sqlite3.node'));
  };
  return { rebuild, requests, copiedNodeBuild: () => copiedNodeBuild };
}
