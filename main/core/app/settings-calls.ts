import packageJson from '../../../package.json' with { type: 'json' };
import type { ProfileView } from '../../../preload/contract.ts';
import { apiKeyAccount } from '../secrets/accounts.ts';
import { setApiKey } from '../secrets/api-key.ts';
import type { Profile } from '../store/profiles.ts';
import { apiKeyReady, removeProfile, saveProfile, useProfile } from '../usecases/profiles.ts';
import { accountChanged } from './account-calls.ts';
import type { CallDeps, Calls } from './call-deps.ts';
import { profileView } from './views.ts';

/** Settings: the app itself, the profiles (which service, which network) and their API keys. */

type SettingsCalls =
  'appInfo' | 'listProfiles' | 'useProfile' | 'saveProfile' | 'removeProfile' | 'profileRemovable' | 'setApiKey' | 'clearApiKey' | 'setLanguage';

export function settingsCalls(deps: CallDeps): Calls<SettingsCalls> {
  const { notary, ctx, abilities, emit } = deps;
  const { profiles } = notary.library;
  const view = async (p: Profile): Promise<ProfileView> => {
    const apiKeySet = await apiKeyReady(p, notary.secrets);
    return profileView(p, { current: p.name === (await profiles.currentName()), apiKeySet });
  };
  return {
    appInfo: async () => ({ version: packageJson.version, shell: abilities.shell, filePaths: abilities.shell === 'electron' }),
    listProfiles: async () => Promise.all((await profiles.list()).map(view)),
    useProfile: async (name) => {
      const p = await useProfile(ctx, name);
      await accountChanged(deps, p.name);
      return view(p);
    },
    saveProfile: async (input, options) => {
      const { profile, signedOut } = await saveProfile(ctx, notary, input, options);
      if (signedOut) await accountChanged(deps, profile.name);
      return view(profile);
    },
    removeProfile: async (name) => {
      await removeProfile(ctx, notary.secrets, name);
      return null;
    },
    profileRemovable: async (name) => {
      const refusal = await profiles.removalRefusal(name);
      if (refusal) throw refusal;
      return null;
    },
    setApiKey: async (name, key) => {
      await setApiKey(profiles, notary.secrets, name, key);
      return { apiKeySet: true };
    },
    clearApiKey: async (name) => {
      await notary.secrets.delete(apiKeyAccount((await profiles.require(name)).name));
      return { apiKeySet: false };
    },
    // The page keeps the choice; the shell (tray, menu, dialogs) hears it as an event.
    setLanguage: async (language) => {
      emit('language', language);
      return null;
    },
  };
}
