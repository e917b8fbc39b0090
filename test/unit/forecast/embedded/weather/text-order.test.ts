/**
 * The model's orders (weather/text-order.ts) are the same on every machine: ids by code unit, human text in
 * English collation, never the default locale's, which Node's ICU takes from LANG. textOrder still compares ids
 * of upper-case letters and digits by code unit so as not to start ICU's collator.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { embeddedDataDir } from '../../../../../adapters/forecast/embedded/data-dir.ts';
import { idOrder, textOrder } from '../../../../../adapters/forecast/embedded/weather/text-order.ts';

const sign = (n: number): number => Math.sign(n);
const english = new Intl.Collator('en');
const embedded = (path: string): string =>
  pathToFileURL(new URL(`../../../../../adapters/forecast/embedded/${path}`, import.meta.url).pathname).href;

test('orders every zone and office id of the catalogue by code unit, as English collation does', () => {
  const text = readFileSync(`${embeddedDataDir()}/alert-zones.json`, 'utf8');
  const ids = [...new Set(text.match(/"[A-Z]{2}[CZ]\d{3}"|"[A-Z]{3,4}"/g)!.map((id) => id.slice(1, -1)))];
  assert.ok(ids.length > 1000, `${ids.length} ids`);
  assert.deepEqual([...ids].sort(textOrder), [...ids].sort(english.compare));
  assert.deepEqual([...ids].sort(textOrder), [...ids].sort(idOrder));
});

test('textOrder is English collation on any text; idOrder is code-unit order', () => {
  const id = fc.stringMatching(/^[A-Z0-9]{0,8}$/);
  fc.assert(
    fc.property(id, id, (a, b) => sign(textOrder(a, b)) === sign(english.compare(a, b))),
    { numRuns: 5000 },
  );
  fc.assert(
    fc.property(fc.string(), fc.string(), (a, b) => {
      assert.equal(sign(textOrder(a, b)), sign(english.compare(a, b)));
      assert.equal(sign(idOrder(a, b)), a < b ? -1 : a > b ? 1 : 0);
    }),
    { numRuns: 2000 },
  );
  // Where code units and the collator differ (case, punctuation), text goes by the collator.
  assert.equal(sign(textOrder('Wind Advisory', 'flood Watch')), 1);
  assert.equal(textOrder('B', 'a'), 1);
  assert.equal(idOrder('B', 'a'), -1);
});

/** The model's sorts, run in a child whose LANG is `lang`: what it orders, and the locale its ICU took. */
function ordersUnder(lang: string): { locale: string; orders: unknown } {
  const script = `
    import { createHash } from 'node:crypto';
    const { idOrder, textOrder } = await import(${JSON.stringify(embedded('weather/text-order.ts'))});
    const { newestFirst } = await import(${JSON.stringify(embedded('alerts/generation/generate-office-alerts.ts'))});
    const { newestFirstFacts } = await import(${JSON.stringify(embedded('alerts/alert-set.ts'))});
    const { pageAfter, cursorAfter } = await import(${JSON.stringify(embedded('alerts/alert-collection.ts'))});
    const hex = (i) => createHash('sha1').update(String(i)).digest('hex');
    const ids = ['aa1', 'b01', 'ab0', 'a0b', ...Array.from({ length: 300 }, (_, i) => hex(i))].map(
      (h) => 'urn:oid:2.49.0.1.840.0.' + h + '.001.1');
    const sent = '2026-05-31T12:00:00-05:00';
    const features = ids.map((id) => ({ properties: { id, sent } }));
    const facts = ids.map((id) => ({ alert: { properties: { id } }, sentMs: Date.parse(sent) }));
    const sortedFacts = [...facts].sort(newestFirstFacts);
    const words = ['Ice Storm Warning', 'Yellow', 'Jet', 'Ivy', 'Aalborg', 'Boston', 'Zeta', 'chili', 'cz', 'hz', 'ch'];
    console.log(JSON.stringify({
      locale: new Intl.Collator().resolvedOptions().locale,
      orders: {
        features: [...features].sort(newestFirst).map((f) => f.properties.id),
        facts: sortedFacts.map((f) => f.alert.properties.id),
        page: pageAfter(sortedFacts, cursorAfter(sortedFacts[100])).map((f) => f.alert.properties.id),
        ids: [...ids].sort(idOrder),
        words: [...words].sort(textOrder),
      },
    }));`;
  const env: Record<string, string | undefined> = { ...process.env, LANG: lang };
  for (const name of ['LC_ALL', 'LC_COLLATE', 'LC_MESSAGES']) delete env[name];
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env,
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as { locale: string; orders: unknown };
}

test("the alerts' order, their pages and the model's text orders do not follow the machine's LANG", () => {
  const c = ordersUnder('C.UTF-8');
  for (const [lang, locale] of [
    ['lt_LT.UTF-8', 'lt'],
    ['da_DK.UTF-8', 'da'],
  ] as const) {
    const other = ordersUnder(lang);
    // Node's ICU takes its default locale from LANG, so the child would sort in it if anything asked it to.
    assert.match(other.locale, new RegExp(`^${locale}\\b`), `${lang}: ICU's default locale ${other.locale}`);
    assert.deepEqual(other.orders, c.orders, lang);
  }
});
