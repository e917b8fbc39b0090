/**
 * The README's short tour, run as written against `npm start`: every command must succeed (curl with
 * --fail, so a 4xx or 5xx stops the script) and print JSON. Only the address changes (a free port instead of
 * 3000) and the server is started by the test rather than by the tour's `npm start &`.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { killLeftovers, PROJECT_ROOT, ServerProcess } from './server-process.ts';

after(killLeftovers);

function tourCommands(): string {
  const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
  const tour = /^## A short tour\n([\s\S]*?)^## /m.exec(readme)?.[1];
  assert.ok(tour, 'the README has "A short tour"');
  const blocks = [...tour.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  assert.ok(blocks.length >= 2, 'the tour has its task and forecast blocks');
  return blocks.join('\n');
}

test("the README's tour runs as written against npm start", { timeout: 60_000 }, async () => {
  const commands = tourCommands();
  assert.match(commands, /^npm start &$/m, 'the tour starts the server itself');
  const server = await ServerProcess.start({ env: { STORAGE: 'memory' } });
  try {
    const script = [
      'set -euo pipefail',
      // Each curl fails the script on an HTTP error, and its output is collected to be checked below.
      'curl() { command curl --fail --show-error "$@"; echo; }',
      commands.replace(/^npm start &$/m, '').replaceAll('localhost:3000', `127.0.0.1:${server.port}`),
    ].join('\n');
    const out = execFileSync('bash', ['-c', script], { encoding: 'utf8', timeout: 30_000 });
    const answers = out.split('\n').filter((line) => line.trim() !== '');
    assert.ok(answers.length >= 7, out);
    for (const line of answers) {
      if (line.startsWith('#')) continue;
      assert.doesNotThrow(() => JSON.parse(line), `every answer is JSON: ${line.slice(0, 200)}`);
    }
    assert.match(out, /"status":"ok"/);
    assert.match(out, /"title":"Write the README"/);
    assert.match(out, /"gridId":"TOP"/);
  } finally {
    await server.stop();
  }
});
