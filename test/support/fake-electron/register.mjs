// `node --import ./register.mjs bundle.js`: the bundle's `electron` imports get the fake beside this file.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
