/**
 * A real PostgreSQL restart during traffic, on a throwaway cluster of the test's own (initdb in a temporary
 * folder, its own port), so the machine's shared server is never touched: two `npm start` nodes answer 503
 * with Retry-After while it is down, recover by themselves when it is back, and lose nothing acknowledged.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { freePort } from '../support/redis-server.ts';
import { throwawayPostgresUnavailable, ThrowawayPostgres } from '../support/throwaway-postgres.ts';
import { Api } from './api-client.ts';
import { killLeftovers, ServerProcess, sleep } from './server-process.ts';
import { writesThroughOutage } from './writes-through-outage.ts';

const unavailable = throwawayPostgresUnavailable();
let cluster: ThrowawayPostgres | undefined;
let nodes: ServerProcess[] = [];

before(async () => {
  if (unavailable) return;
  cluster = new ThrowawayPostgres(await freePort());
  cluster.init();
  cluster.start();
});

after(async () => {
  await Promise.all(nodes.map((n) => n.stop().catch(() => {})));
  await killLeftovers();
  cluster?.destroy();
});

test(
  'PostgreSQL restarted during traffic: 503 with Retry-After while it is down, then recovery, nothing acknowledged lost',
  { skip: unavailable ?? false },
  async (t) => {
    const env = {
      STORAGE: 'postgres',
      DATABASE_URL: cluster!.url,
      JWT_SECRET: 'restart-e2e-secret-of-at-least-32-chars!!',
    };
    nodes = await Promise.all([ServerProcess.start({ env }), ServerProcess.start({ env })]);
    const session = await new Api(nodes[0]!.baseUrl).signUp();
    const { acked, statuses, slowest } = await writesThroughOutage(
      [nodes[0]!, nodes[1]!],
      session.token,
      'restart',
      async () => {
        await sleep(700);
        cluster!.stop('fast');
        await sleep(2000);
        assert.equal(
          (await fetch(`${nodes[1]!.baseUrl}/ready`)).status,
          503,
          'out of rotation while the database is down',
        );
        cluster!.start();
        await sleep(3000);
      },
    );
    t.diagnostic(
      `restart: answers by status ${JSON.stringify(Object.fromEntries(statuses))}, slowest ${Math.round(slowest)} ms, ${acked.size} acknowledged`,
    );
    assert.ok((statuses.get(503) ?? 0) > 0, 'requests met the restart');
    assert.ok(slowest < 8000, `slowest answer ${Math.round(slowest)} ms`);
    for (const node of nodes) assert.equal((await fetch(`${node.baseUrl}/ready`)).status, 200);
    const listed = await new Api(nodes[1]!.baseUrl).listTasks(session.token);
    const present = new Set(listed.body.tasks.map((task) => task.id));
    assert.deepEqual(
      [...acked].filter((id) => !present.has(id)),
      [],
    );
  },
);
