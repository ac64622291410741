// `node --import ./register.mjs bundle.js`: the bundle's `electron` imports get the fake beside this
// file. In a process the fake's utilityProcess.fork started (a Node child with an IPC channel), it
// also provides Electron's `process.parentPort` over that channel.
import { writeFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

register('./hooks.mjs', import.meta.url);

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
