import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe } from 'node:test';
import { openLowdbTaskStore } from '../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { createInMemoryTaskStore } from '../../adapters/persistence/memory/in-memory-task-store.ts';
import { openPostgresTaskStore } from '../../adapters/persistence/postgres/postgres-task-store.ts';
import { freshSchema, TestDatabases } from '../support/test-postgres.ts';
import { taskStoreContract } from './task-store-contract.ts';

// One contract, every adapter. PostgreSQL is a real server when TEST_DATABASE_URL is set, PGlite otherwise.

describe('memory task store', () => {
  taskStoreContract(async () => ({ store: createInMemoryTaskStore() }));
});

describe('lowdb task store', () => {
  const root = mkdtempSync(join(tmpdir(), 'taskcast-contract-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  let n = 0;
  taskStoreContract(async () => {
    const path = join(root, `store-${++n}`, 'tasks.db');
    return { store: await openLowdbTaskStore(path), reopen: () => openLowdbTaskStore(path) };
  });
});

const databases = new TestDatabases();
describe(`postgres task store (${databases.kind})`, () => {
  after(() => databases.dispose());
  taskStoreContract(async () => {
    const schema = freshSchema();
    return {
      store: await openPostgresTaskStore(await databases.client({}, schema)),
      reopen: async () => openPostgresTaskStore(await databases.client({}, schema)),
      anotherNode: async () => openPostgresTaskStore(await databases.client({}, schema)),
    };
  });
});
