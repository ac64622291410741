const FAKE = new URL('./electron.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  return specifier === 'electron' ? { url: FAKE, shortCircuit: true } : next(specifier, context);
}
