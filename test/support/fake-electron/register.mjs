// `node --import ./register.mjs bundle.js`: the bundle's `electron` imports get the fake beside this
// file. In a process the fake's utilityProcess.fork started (a Node child with an IPC channel), it
// also provides Electron's `process.parentPort` over that channel.
import { writeFileSync } from 'node:fs';
import module, { createRequire, register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

register('./hooks.mjs', import.meta.url);

// Electron 45's Node has module.registerHooks (Node 22.15+); the Node running this stand-in may
// not. Where it does not, hooks that rewrite specifiers (all the app registers) run through
// module.register: the loader thread asks this thread, whose hook answers which specifier to
// resolve instead (what it passes to next; a hook that answers by itself is not emulated).
if (typeof module.registerHooks !== 'function') {
  module.registerHooks = (hooks) => {
    if (Object.keys(hooks).some((k) => k !== 'resolve')) throw new Error('The stand-in runs only resolve hooks that rewrite specifiers.');
    const { port1, port2 } = new MessageChannel();
    port1.on('message', ({ id, specifier, parentURL }) => {
      let instead = null;
      hooks.resolve(specifier, { parentURL, conditions: [] }, (next) => ((instead = next), { url: 'stand-in:', shortCircuit: true }));
      port1.postMessage({ id, specifier: instead ?? specifier });
    });
    register('./registered-hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });
  };
}

if (typeof process.send === 'function' && !process.parentPort) {
  process.parentPort = {
    on: (event, listener) => process.on(event, (data) => listener({ data, ports: [] })),
    postMessage: (message) => {
      // Once the engine is open, the SQLite build it loaded is known: written for the test to check.
      if (message?.type === 'ready' && process.env.FAKE_ELECTRON_ENGINE_REPORT) {
        const loaded = Object.keys(createRequire(import.meta.url).cache).filter(
          (p) => p.includes('better_sqlite3.node') || p.includes('better-sqlite3/lib/index.js'),
        );
        writeFileSync(process.env.FAKE_ELECTRON_ENGINE_REPORT, JSON.stringify({ sqlite: loaded }));
      }
      process.send(message);
    },
  };
}
