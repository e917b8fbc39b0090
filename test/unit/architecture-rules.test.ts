import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';

/**
 * The import rules of .dependency-cruiser.cjs (run by `npm run lint`): that the tree keeps them, and that
 * each one catches what it is meant to, on a small tree made here with one offence per rule.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as IConfiguration;

async function violations(baseDir: string, withTsConfig: boolean): Promise<string[]> {
  const { tsConfig: _, ...options } = config.options ?? {};
  const result = await cruise(
    ['domain', 'application', 'adapters', 'bootstrap'].filter((dir) => withTsConfig || dir !== 'application'),
    {
      ...options,
      ...(withTsConfig ? { tsConfig: { fileName: 'tsconfig.json' } } : {}),
      ruleSet: { forbidden: config.forbidden ?? [] },
      validate: true,
      baseDir,
    },
    config.options?.enhancedResolveOptions,
  );
  const summary = (result.output as ICruiseResult).summary;
  return summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
}

test('the tree keeps every import rule', async () => {
  assert.deepEqual(await violations(root, true), []);
});

test('each rule catches its offence, and lets through what is allowed', async () => {
  const tree = mkdtempSync(join(tmpdir(), 'taskcast-arch-'));
  after(() => rmSync(tree, { recursive: true, force: true }));
  const files: Record<string, string> = {
    // tasks → forecast, directly
    'domain/tasks/task.ts': `import type { Point } from '../forecast/point.ts';\nexport type Task = Point;`,
    'domain/forecast/point.ts': `export type Point = number;`,
    // forecast → tasks through a module of neither context
    'adapters/http/admin/routes.ts': `import { readBody } from '../read-body.ts';\nexport const r = readBody;`,
    'adapters/http/read-body.ts': `import { Invalid } from '../../domain/tasks/errors.ts';\nexport const readBody = Invalid;`,
    'domain/tasks/errors.ts': `export class Invalid {}`,
    // the shared kernel reaching into a context
    'domain/shared/clock.ts': `import type { Task } from '../tasks/task.ts';\nexport type Clock = Task;`,
    // one adapter importing another; through adapters/shared/ it may
    'adapters/redis/limits.ts': `import { make } from '../persistence/store.ts';\nimport { z } from '../shared/z.ts';\nexport const l = [make, z];`,
    'adapters/persistence/store.ts': `export const make = 1;`,
    'adapters/shared/z.ts': `export const z = 1;`,
    // the HTTP adapter: the forecast controls yes, the embedded provider no
    'adapters/http/forecast/faults.ts': `import { c } from '../../forecast/control/controls.ts';\nimport { e } from '../../forecast/embedded/model.ts';\nexport const f = [c, e];`,
    'adapters/forecast/control/controls.ts': `export const c = 1;`,
    'adapters/forecast/embedded/model.ts': `export const e = 1;`,
    // a cycle (reported once, from where it is first met)
    'adapters/shared/a.ts': `import { b } from './b.ts';\nexport const a = () => b;`,
    'adapters/shared/b.ts': `import { a } from './a.ts';\nexport const b = () => a;`,
    // bootstrap/ wires everything
    'bootstrap/main.ts': `import { make } from '../adapters/persistence/store.ts';\nimport { c } from '../adapters/forecast/control/controls.ts';\nexport const m = [make, c];`,
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), `${text}\n`);
  }
  assert.deepEqual(await violations(tree, false), [
    'adapters-apart: adapters/redis/limits.ts → adapters/persistence/store.ts',
    'forecast-apart-from-tasks: adapters/http/admin/routes.ts → domain/tasks/errors.ts',
    'http-adapter-apart: adapters/http/forecast/faults.ts → adapters/forecast/embedded/model.ts',
    'no-cycles: adapters/shared/a.ts → adapters/shared/b.ts',
    'shared-kernel-knows-no-context: domain/shared/clock.ts → domain/tasks/task.ts',
    'tasks-apart-from-forecast: domain/tasks/task.ts → domain/forecast/point.ts',
  ]);
});
