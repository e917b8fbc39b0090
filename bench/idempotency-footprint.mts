/**
 * What an Idempotency-Key costs the lowdb store, per key: journal bytes, snapshot bytes and heap, from the
 * same number of keyed and plain creates (UUID keys, as clients usually send) in two fresh stores. The
 * README's "Safe retries" section quotes it.
 *
 *   node --expose-gc --import tsx bench/idempotency-footprint.mts [creates]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLowdbTaskStore } from '../adapters/persistence/lowdb/lowdb-task-store.ts';
import { createFingerprint } from '../domain/tasks/idempotency.ts';
import type { Task } from '../domain/tasks/task.ts';

const creates = Number(process.argv[2] ?? 2000);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc, so the heap figures mean something');
const root = mkdtempSync(join(tmpdir(), 'taskcast-key-footprint-'));

async function footprint(keyed: boolean) {
  const path = join(root, keyed ? 'keyed.db' : 'plain.db');
  const store = await openLowdbTaskStore(path);
  const userId = randomUUID();
  await store.users.addIfEmailFree({ id: userId, name: 'Ada', email: 'ada@example.com', passwordHash: 'h' });
  gc!();
  const heapBefore = process.memoryUsage().heapUsed;
  for (let i = 0; i < creates; i++) {
    const now = new Date();
    const at = now.toISOString();
    const task: Task = {
      id: randomUUID(),
      user_id: userId,
      title: `Buy milk ${i}`,
      description: null,
      status: 'pending',
      priority: 'medium',
      due_date: null,
      created_at: at,
      updated_at: at,
    };
    if (keyed)
      await store.tasks.add(task, {
        userId,
        key: randomUUID(),
        fingerprint: createFingerprint({ title: task.title }),
        task,
        createdAtMs: now.getTime(),
      });
    else await store.tasks.add(task);
  }
  const journal = statSync(`${path}.journal`).size;
  gc!();
  const heap = process.memoryUsage().heapUsed - heapBefore;
  await store.close();
  return { journal, snapshot: statSync(path).size, heap };
}

try {
  const plain = await footprint(false);
  const keyed = await footprint(true);
  const perKey = (field: 'journal' | 'snapshot' | 'heap') => Math.round((keyed[field] - plain[field]) / creates);
  console.log(
    `${creates} creates each; per key: journal ${perKey('journal')} B, snapshot ${perKey('snapshot')} B, heap ${perKey('heap')} B`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
