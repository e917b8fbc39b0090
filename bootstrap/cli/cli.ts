#!/usr/bin/env node
// The package's `taskcast` command: `taskcast [serve]` starts the server as `npm start` does,
// `taskcast check-store [--db PATH]` checks a store without starting. Installed, it runs the compiled
// dist/bootstrap/cli/cli.js with plain node; in a checkout, `node --import tsx bootstrap/cli/cli.ts`.
import { existsSync } from 'node:fs';
import { runCli } from './cli-commands.ts';

/**
 * The build's server bundle (dist/server/main.mjs, scripts/build-server-bundle.mjs), as `npm start` runs
 * one: it starts about a third faster than dist/'s ~700 compiled modules. A checkout, where this path names
 * nothing, runs the modules instead.
 */
const SERVER_BUNDLE = new URL('../../server/main.mjs', import.meta.url);

process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
  serve: () => (existsSync(SERVER_BUNDLE) ? import(SERVER_BUNDLE.href) : import('../server/main.ts')),
});
