// A utility process (FAKE_ELECTRON_UTILITY, set by the stand-in's utilityProcess.fork) gets the
// utility process's electron module, the main process the main process's.
const FAKE = new URL(process.env.FAKE_ELECTRON_UTILITY === '1' ? './utility.mjs' : './electron.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  return specifier === 'electron' ? { url: FAKE, shortCircuit: true } : next(specifier, context);
}
