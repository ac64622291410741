import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALL_NAMES } from '../../../../preload/contract-names.ts';
import type { AppService } from '../../../../main/core/app/app-service.ts';
import type { Calls, ExactlyOnce } from '../../../../main/core/app/call-deps.ts';
import { Notary } from '../../../../main/core/notary.ts';
import { MemorySecretStore } from '../../../support/memory-secret-store.ts';
import { headlessAppService } from '../../../support/app-service.ts';

// The app service is its call modules put together: every call of the contract, each implemented once.

let root: string;
let notary: Notary;
let service: AppService;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'notarium-calls-'));
  notary = new Notary({ dataDir: root, secrets: new MemorySecretStore(), env: {} });
  service = headlessAppService(notary);
});
afterEach(async () => {
  await service.close();
  await notary.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the call modules', () => {
  it("implement exactly the contract's calls, each a function", () => {
    expect(Object.keys(service.api).sort()).toEqual([...CALL_NAMES].sort());
    for (const name of CALL_NAMES) expect(typeof service.api[name], name).toBe('function');
  });
});

describe('addWatchedFolder', () => {
  it('takes "~/folder" as the home folder, as the CLI does (one place in the core expands it)', async () => {
    const home = join(root, 'home');
    mkdirSync(join(home, 'Docs'), { recursive: true });
    const before = process.env.HOME;
    process.env.HOME = home; // os.homedir() reads HOME on POSIX
    try {
      const added = await service.api.addWatchedFolder('~/Docs', {});
      expect(added.path).toBe(join(home, 'Docs'));
      await service.api.removeWatchedFolder('~/Docs');
      expect(await service.api.listWatchedFolders()).toEqual([]);
    } finally {
      process.env.HOME = before;
    }
  });
});

// Checked by the type checker (npm run typecheck): parts put together with a call missing, or
// implemented twice, do not compile, and the error names the calls.
type Rest = Calls<Exclude<(typeof CALL_NAMES)[number], 'appInfo'>>;
const whole: ExactlyOnce<[Calls<'appInfo'>, Rest]> = true;
// @ts-expect-error -- appInfo is in no part
const missing: ExactlyOnce<[Rest]> = true;
// @ts-expect-error -- appInfo is in two parts
const twice: ExactlyOnce<[Calls<'appInfo'>, Rest, Calls<'appInfo' | 'pendingCount'>]> = true;
void [whole, missing, twice];
