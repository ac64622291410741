#!/usr/bin/env node
// The `notarium` command: the built CLI, or in a development tree whose bundle is missing or older
// than its sources, the sources through tsx (bin/cli-entry.js decides).
import nodeModule from 'node:module';
import { loadCli } from './cli-entry.js';

// Node keeps the code it compiled for the bundle's modules on disk (its temporary folder), so a
// command started again does not compile them again. Absent before Node 22.1.
nodeModule.enableCompileCache?.();
const main = await loadCli(new URL('../', import.meta.url));
process.exitCode = await main(process.argv.slice(2));
