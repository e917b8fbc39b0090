/**
 * Issue 36, item 9: a DB_PATH folder another local user can write is not trusted, as ssh does not trust
 * such a key. Each of these worked before: a planted `jwt-secret` became the signing key, a symlink at the
 * temp file made the server overwrite a file elsewhere, a pre-created temp file left the store owned by its
 * planter, and a fake lock socket blocked start-up. Tests run as root here, so ownership is tested by
 * chowning to another uid, and modes and symlinks directly.
 */
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadOrCreateSecretFile } from '../../../adapters/crypto/jwt-secret-file.ts';
import { openLowdbTaskStore } from '../../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { StoreOpenError } from '../../../adapters/persistence/lowdb/store-open-error.ts';
import { scratchFolders } from '../../support/scratch-folders.ts';

const caseFolder = scratchFolders('taskcast-trust-');
const folder = (): string => {
  const dir = caseFolder();
  mkdirSync(dir, { mode: 0o700 });
  return dir;
};
const OTHER_UID = 12345;
const isRoot = process.geteuid?.() === 0;

/** A store made and closed cleanly in a fresh folder. */
async function madeStore(): Promise<string> {
  const dbPath = join(folder(), 'tasks.db');
  await (await openLowdbTaskStore(dbPath)).close();
  return dbPath;
}

async function refused(dbPath: string, pattern: RegExp): Promise<void> {
  await assert.rejects(openLowdbTaskStore(dbPath), (error: Error) => {
    assert.ok(error instanceof StoreOpenError, error.message);
    assert.match(error.message, pattern);
    assert.equal(error.message.split('\n').length, 1, 'one line');
    return true;
  });
}

describe('the store folder and files must be the server user’s alone', () => {
  test('a folder writable by group or others is refused, naming it and the mode', async () => {
    for (const mode of [0o777, 0o770, 0o1777]) {
      const dbPath = await madeStore();
      chmodSync(join(dbPath, '..'), mode);
      await refused(dbPath, /the store's folder .* is writable by (group and others|its group)/);
    }
  });

  test('a store or journal writable by others, or owned by another user, is refused', async (t) => {
    const dbPath = await madeStore();
    chmodSync(dbPath, 0o666);
    await refused(dbPath, /the store .*tasks\.db is writable by group and others \(mode 0666\)/);
    chmodSync(dbPath, 0o600);
    writeFileSync(`${dbPath}.journal`, '', { mode: 0o602 });
    chmodSync(`${dbPath}.journal`, 0o602);
    await refused(dbPath, /the journal .*tasks\.db\.journal is writable by others/);
    rmSync(`${dbPath}.journal`);
    if (!isRoot) return t.skip('chown to another uid needs root');
    chownSync(dbPath, OTHER_UID, OTHER_UID);
    await refused(dbPath, new RegExp(`the store .* is owned by uid ${OTHER_UID}, not by the server's user`));
    chownSync(dbPath, 0, 0);
    await (await openLowdbTaskStore(dbPath)).close();
  });

  test('jwt-secret: one planted by another user, writable by others, or a symlink is refused', async (t) => {
    const dir = folder();
    const dbPath = join(dir, 'tasks.db');
    const secret = loadOrCreateSecretFile(dbPath);
    assert.equal(statSync(join(dir, 'jwt-secret')).mode & 0o777, 0o600);
    assert.equal(loadOrCreateSecretFile(dbPath), secret, 'kept across starts');
    chmodSync(join(dir, 'jwt-secret'), 0o666);
    assert.throws(
      () => loadOrCreateSecretFile(dbPath),
      /Refusing to trust .*jwt-secret: .* writable by group and others/,
    );
    chmodSync(join(dir, 'jwt-secret'), 0o600);
    chmodSync(dir, 0o777);
    assert.throws(() => loadOrCreateSecretFile(dbPath), /Refusing to trust .*jwt-secret: the folder .* is writable/);
    chmodSync(dir, 0o700);
    rmSync(join(dir, 'jwt-secret'));
    const elsewhere = join(folder(), 'planted');
    writeFileSync(elsewhere, 'a-key-the-attacker-knows-of-more-than-32-characters\n', { mode: 0o600 });
    symlinkSync(elsewhere, join(dir, 'jwt-secret'));
    assert.throws(() => loadOrCreateSecretFile(dbPath), /Refusing to trust .*jwt-secret: it is a symbolic link/);
    if (!isRoot) return t.skip('chown to another uid needs root');
    rmSync(join(dir, 'jwt-secret'));
    writeFileSync(join(dir, 'jwt-secret'), 'a-key-the-attacker-knows-of-more-than-32-characters\n', { mode: 0o600 });
    chownSync(join(dir, 'jwt-secret'), OTHER_UID, OTHER_UID);
    assert.throws(() => loadOrCreateSecretFile(dbPath), new RegExp(`owned by uid ${OTHER_UID}`));
  });

  test('a symlink or a planted file at the temp name is never written through nor kept', async () => {
    const dir = folder();
    const dbPath = join(dir, 'tasks.db');
    const victim = join(folder(), 'victim');
    writeFileSync(victim, 'do not overwrite\n');
    symlinkSync(victim, join(dir, '.tasks.db.tmp'));
    await (await openLowdbTaskStore(dbPath)).close();
    assert.equal(readFileSync(victim, 'utf8'), 'do not overwrite\n', 'the link target is untouched');
    assert.ok(JSON.parse(readFileSync(dbPath, 'utf8')).users, 'the store was written as a file of its own');

    // A temp file planted with a loose mode (and, as root here, another owner) does not become the store.
    writeFileSync(join(dir, '.tasks.db.tmp'), 'planted', { mode: 0o666 });
    chmodSync(join(dir, '.tasks.db.tmp'), 0o666);
    if (isRoot) chownSync(join(dir, '.tasks.db.tmp'), OTHER_UID, OTHER_UID);
    const store = await openLowdbTaskStore(dbPath);
    await store.users.addIfEmailFree({
      id: '00000000-0000-4000-8000-000000000001',
      name: 'A',
      email: 'a@example.com',
      passwordHash: 'x',
    });
    await store.close();
    const stats = statSync(dbPath);
    assert.equal(stats.mode & 0o777, 0o600);
    assert.equal(stats.uid, process.geteuid?.());
  });

  test('a fake lock socket that never answers does not block start-up forever: a clear refusal', async () => {
    const dir = folder();
    const dbPath = join(dir, 'tasks.db');
    const fake = createServer(() => {}); // accepts, never answers
    await new Promise<void>((resolve) => fake.listen(join(dir, 'tasks.db.lock.fake'), resolve));
    try {
      const started = Date.now();
      await refused(
        dbPath,
        /locked by .*tasks\.db\.lock\.fake, which accepts connections but does not answer as a Taskcast server.*remove that file/,
      );
      assert.ok(Date.now() - started < 10_000, 'refused within seconds');
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});
