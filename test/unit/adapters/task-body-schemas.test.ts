/**
 * A task body the domain's rules accept is returned as it stands, without valibot's pass (parseBody's
 * `accepts`): it must be exactly the bodies the schema accepts, with the same output, and every other body
 * must get the schema's full report.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as v from 'valibot';
import {
  acceptsNewTask,
  acceptsTaskChanges,
  createTaskBody,
  parseBody,
  updateTaskBody,
} from '../../../adapters/http/tasks/schemas.ts';
import { ValidationError } from '../../../domain/tasks/errors.ts';

const values: Record<string, unknown[]> = {
  title: ['Buy milk', '', '   ', 'x'.repeat(200), 'x'.repeat(201), '😀'.repeat(200), null, 5, true, [], {}],
  description: ['notes', '', null, 'x'.repeat(1000), 'x'.repeat(1001), 7, false, ['a']],
  status: ['pending', 'in_progress', 'completed', 'done', '', null, 1],
  priority: ['low', 'medium', 'high', 'urgent', null, 0],
  due_date: ['2030-01-15', '2028-02-29', '2027-02-29', '2030-13-01', '2030-1-5', '', null, 20300115, 'tomorrow'],
};

/** Every field absent or at each of its values, one field varying at a time, plus unknown and read-only keys. */
function bodies(): unknown[] {
  const valid = {
    title: 'Buy milk',
    description: 'notes',
    status: 'pending',
    priority: 'high',
    due_date: '2030-01-15',
  };
  const out: unknown[] = [{}, valid, { title: 'only' }, null, [], 'text', 3];
  for (const [field, options] of Object.entries(values)) {
    for (const value of options) {
      out.push({ ...valid, [field]: value });
      out.push({ [field]: value });
    }
    const without: Record<string, unknown> = { ...valid };
    delete without[field];
    out.push(without);
  }
  out.push({ ...valid, id: 'x' }, { ...valid, colour: 'red' }, JSON.parse('{"__proto__":{"title":"x"},"title":"t"}'));
  out.push({ title: 5, colour: 'red', status: 'done' });
  return out;
}

function outcome(run: () => unknown): unknown {
  try {
    return { ok: run() };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { details: error.details };
  }
}

for (const [name, schema, accepts] of [
  ['create', createTaskBody, acceptsNewTask],
  ['update', updateTaskBody, acceptsTaskChanges],
] as const) {
  test(`${name}: the domain's rules accept exactly what the schema accepts, with the same result`, () => {
    for (const body of bodies()) {
      const label = JSON.stringify(body);
      assert.deepEqual(
        outcome(() => parseBody(schema, body, accepts)),
        outcome(() => parseBody(schema, body)),
        label,
      );
      // What parseBody returns without valibot is only ever a body of known fields that the rule accepts.
      const known = (o: object) => Object.keys(o).every((key) => Object.hasOwn(schema.entries, key));
      if (body !== null && typeof body === 'object' && !Array.isArray(body) && known(body) && accepts(body as never))
        assert.equal(v.safeParse(schema, body).success, true, label);
    }
  });
}
