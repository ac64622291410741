import { createAppService, type AppService } from '../../main/core/app/app-service.ts';
import type { ShellAbilities } from '../../main/core/app/shell-abilities.ts';
import type { Notary } from '../../main/core/notary.ts';

/**
 * The app service as the web shell makes it, with a shell that opens, shows and prints nothing:
 * for tests that call the contract without a page. `abilities` replaces what a test looks at.
 */
export function headlessAppService(notary: Notary, abilities: Partial<ShellAbilities> = {}): AppService {
  return createAppService(notary, {
    shell: 'web',
    resolveFile: () => '/nowhere',
    openExternal: async () => {},
    openExplorerPage: async () => {},
    showInFolder: () => {},
    printPdf: async () => new Uint8Array(),
    ...abilities,
  });
}
