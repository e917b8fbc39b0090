import assert from 'node:assert/strict';
import type { Task } from './api-client.ts';
import { sleep } from './server-process.ts';

/** What four writers saw while the store went away and came back. */
export interface OutageWrites {
  /** Ids of the tasks answered 201: each must be stored. */
  readonly acked: Set<string>;
  readonly statuses: Map<number, number>;
  /** The slowest answer, in ms. */
  readonly slowest: number;
}

/**
 * Four writers (two per node, alternating) POST tasks without pause while `outage` runs (it takes the store
 * away and brings it back); every answer is a 201 or a 503 with Retry-After (`check503` may ask more of it).
 * Resolves once `outage` is over and the writers have stopped.
 */
export async function writesThroughOutage(
  nodes: readonly [{ baseUrl: string }, { baseUrl: string }],
  token: string,
  label: string,
  outage: () => Promise<void>,
  check503?: (body: string) => void,
): Promise<OutageWrites> {
  const acked = new Set<string>();
  const statuses = new Map<number, number>();
  let slowest = 0;
  let stop = false;
  const loop = async (node: { baseUrl: string }, n: number): Promise<void> => {
    for (let i = 0; !stop; i++) {
      const started = performance.now();
      const res = await fetch(`${node.baseUrl}/api/tasks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: `${label} ${n}.${i}` }),
      });
      const text = await res.text();
      slowest = Math.max(slowest, performance.now() - started);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status === 201) acked.add((JSON.parse(text) as { task: Task }).task.id);
      else {
        assert.equal(res.status, 503, text);
        assert.ok(Number(res.headers.get('retry-after')) >= 1, 'Retry-After');
        check503?.(text);
        await sleep(50);
      }
    }
  };
  const loops = [0, 1, 2, 3].map((n) => loop(nodes[n % 2]!, n));
  try {
    await outage();
  } finally {
    stop = true;
  }
  await Promise.all(loops);
  return { acked, statuses, slowest };
}
