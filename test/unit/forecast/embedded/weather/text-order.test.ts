/**
 * textOrder (weather/text-order.ts) sorts as localeCompare does, comparing ids of upper-case letters and digits
 * by code unit so as not to start ICU's collator: the order of every alert's zones and episodes is unchanged.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import { embeddedDataDir } from '../../../../../adapters/forecast/embedded/data-dir.ts';
import { textOrder } from '../../../../../adapters/forecast/embedded/weather/text-order.ts';

const sign = (n: number): number => Math.sign(n);

test('orders every zone and office id of the catalogue as localeCompare does', () => {
  const text = readFileSync(`${embeddedDataDir()}/alert-zones.json`, 'utf8');
  const ids = [...new Set(text.match(/"[A-Z]{2}[CZ]\d{3}"|"[A-Z]{3,4}"/g)!.map((id) => id.slice(1, -1)))];
  assert.ok(ids.length > 1000, `${ids.length} ids`);
  assert.deepEqual(
    [...ids].sort(textOrder),
    [...ids].sort((a, b) => a.localeCompare(b)),
  );
});

test('agrees with localeCompare on any ids of upper-case letters and digits, and on any other text', () => {
  const id = fc.stringMatching(/^[A-Z0-9]{0,8}$/);
  fc.assert(
    fc.property(id, id, (a, b) => sign(textOrder(a, b)) === sign(a.localeCompare(b))),
    { numRuns: 5000 },
  );
  fc.assert(
    fc.property(fc.string(), fc.string(), (a, b) => sign(textOrder(a, b)) === sign(a.localeCompare(b))),
    { numRuns: 2000 },
  );
  // Where code units and the collator differ (case, punctuation), it is the collator's order.
  assert.equal(sign(textOrder('Wind Advisory', 'flood Watch')), sign('Wind Advisory'.localeCompare('flood Watch')));
  assert.equal(textOrder('B', 'a'), 'B'.localeCompare('a'));
});
