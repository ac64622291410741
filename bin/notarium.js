#!/usr/bin/env node
// The `notarium` command: the built CLI, or in a development tree whose bundle is missing or older
// than its sources, the sources through tsx (bin/cli-entry.js decides).
import { loadCli } from './cli-entry.js';

const main = await loadCli(new URL('../', import.meta.url));
process.exitCode = await main(process.argv.slice(2));
