// A utility process (FAKE_ELECTRON_UTILITY, set by the stand-in's utilityProcess.fork) gets the
// utility process's electron module, the main process the main process's; and the keychain as the
// utility process's identity meets it (helper-keychain.mjs).
const utility = process.env.FAKE_ELECTRON_UTILITY === '1';
const FAKE = new URL(utility ? './utility.mjs' : './electron.mjs', import.meta.url).href;
const HELPER_KEYCHAIN = new URL('./helper-keychain.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: FAKE, shortCircuit: true };
  if (utility && /^@napi-rs\/keyring(\/|$)/.test(specifier)) return { url: HELPER_KEYCHAIN, shortCircuit: true };
  return next(specifier, context);
}
