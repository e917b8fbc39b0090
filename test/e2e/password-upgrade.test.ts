/**
 * Issue 35, item 1: a store written before passwords were pre-hashed (plain bcrypt hashes) still logs in
 * after the upgrade, through the real server. The fixture is a lowdb snapshot that `npm start` of the
 * previous code wrote (test/fixtures/stores/SOURCES.md says how).
 */
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Api } from './api-client.ts';
import { killLeftovers, makeTempDir, PROJECT_ROOT, ServerProcess } from './server-process.ts';

after(killLeftovers);

const FIXTURE = join(PROJECT_ROOT, 'test', 'fixtures', 'stores', 'before-prehash', 'tasks.db');

interface StoredUser {
  readonly email: string;
  readonly passwordHash: string;
}

const usersIn = (file: string): StoredUser[] =>
  (JSON.parse(readFileSync(file, 'utf8')) as { users: StoredUser[] }).users;

test('accounts stored with plain bcrypt hashes log in after the upgrade, with their exact passwords only', async () => {
  const dbPath = join(makeTempDir('prehash'), 'tasks.db');
  copyFileSync(FIXTURE, dbPath);
  const before = usersIn(dbPath);
  assert.ok(
    before.every((u) => u.passwordHash.startsWith('$2b$10$')),
    'the fixture holds plain bcrypt hashes',
  );

  const server = await ServerProcess.start({ dbPath });
  const api = new Api(server.baseUrl);
  const login = (email: string, password: string) =>
    api.request<{ token: string }>('POST', '/api/auth/login', { body: { email, password } });

  const ada = await login('ada@example.com', 'correct horse battery');
  assert.equal(ada.status, 200, server.output);
  const list = await api.request<{ tasks: Array<{ title: string }> }>('GET', '/api/tasks', { token: ada.body.token });
  assert.deepEqual(
    list.body.tasks.map((t) => t.title),
    ['Made before the pre-hash'],
  );
  assert.equal((await login('ada@example.com', 'correct horse batterY')).status, 401);

  const p72 = 'p'.repeat(72);
  assert.equal((await login('p72@example.com', p72)).status, 200);
  // bcrypt reads 72 bytes: a plain hash alone would let this in.
  assert.equal((await login('p72@example.com', `${p72}EXTRA`)).status, 401);
  assert.equal((await login('accents@example.com', 'é'.repeat(36))).status, 200);
  assert.equal((await login('accents@example.com', `${'é'.repeat(36)}é`)).status, 401);

  // A new account beside them gets a hash of the new kind, and a long password.
  const long = '🔑'.repeat(300);
  await api.signUp('new@example.com', long);
  assert.equal((await login('new@example.com', long)).status, 200);
  assert.equal((await login('new@example.com', '🔑'.repeat(299))).status, 401);

  const stop = await server.stop();
  assert.equal(stop.code, 0, server.output);
  const afterwards = usersIn(dbPath);
  // The old hashes are left as they were; only the new account's is of the new kind.
  for (const user of before)
    assert.equal(afterwards.find((u) => u.email === user.email)?.passwordHash, user.passwordHash);
  assert.match(
    afterwards.find((u) => u.email === 'new@example.com')?.passwordHash ?? '',
    /^hmac-sha384-bcrypt\.v1:\$2b\$10\$/,
  );
});
