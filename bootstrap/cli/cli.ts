#!/usr/bin/env node
// The package's `taskcast` command: `taskcast [serve]` starts the server as `npm start` does,
// `taskcast check-store [--db PATH]` checks a store without starting. Installed, it runs the compiled
// dist/bootstrap/cli/cli.js with plain node; in a checkout, `node --import tsx bootstrap/cli/cli.ts`.
import { runCli } from './cli-commands.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
  serve: () => import('../server/main.ts'),
});
