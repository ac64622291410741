// The loader-thread half of the stand-in's module.registerHooks (register.mjs): each resolution
// asks the thread that registered the hooks which specifier to resolve instead.
let port;
let seq = 0;
const waiting = new Map();

export function initialize(data) {
  port = data.port;
  port.on('message', ({ id, specifier }) => {
    waiting.get(id)(specifier);
    waiting.delete(id);
  });
}

export async function resolve(specifier, context, next) {
  const id = ++seq;
  const instead = await new Promise((answer) => {
    waiting.set(id, answer);
    port.postMessage({ id, specifier, parentURL: context.parentURL });
  });
  return next(instead, context);
}
