#!/usr/bin/env node
// The `notarium` command: the built CLI, or in a development tree whose bundle is missing or older
// than its sources, the sources through tsx (bin/cli-entry.js decides).
import { cliEntry } from './cli-entry.js';

const { entry, built } = cliEntry(new URL('../', import.meta.url));
if (!built) (await import('tsx/esm/api')).register();
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
