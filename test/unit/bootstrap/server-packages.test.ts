import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { missingPackages, missingPackagesMessage, serverPackages } from '../../../bootstrap/server/server-packages.ts';

test('the server asks for pg and ioredis only when configured', () => {
  assert.deepEqual(serverPackages({ postgres: false, redis: false }), ['@node-rs/bcrypt']);
  assert.deepEqual(serverPackages({ postgres: true, redis: true }), ['@node-rs/bcrypt', 'pg', 'ioredis']);
});

test('a package missing from an install is named, with the command that installs it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'taskcast-packages-'));
  try {
    // An install that holds pg but not bcrypt, as a weather-only one might.
    mkdirSync(join(dir, 'node_modules', 'pg'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'pg', 'package.json'), '{"name":"pg","main":"index.js"}');
    writeFileSync(join(dir, 'node_modules', 'pg', 'index.js'), '');
    const from = pathToFileURL(join(dir, 'main.js')).href;
    assert.deepEqual(missingPackages(['pg', '@node-rs/bcrypt'], from), ['@node-rs/bcrypt']);
    assert.match(missingPackagesMessage(['@node-rs/bcrypt']), /npm install @node-rs\/bcrypt$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('in this checkout every server package is installed', () => {
  assert.deepEqual(missingPackages(serverPackages({ postgres: true, redis: true })), []);
});
