// Issue 35 item 13, from outside: the amounts an alert quotes over HTTP are those of one place, not a sum over
// its zones ("Rainfall totals of 57 to 59 inches", "46 to 50 inches of snow" were zone sums), and an advisory
// quotes less snow than a warning's criteria. The unit test alerts-amounts.test.ts checks each amount against
// the covered places' gridpoints; this one reads the answers a client gets.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';

interface Alert {
  properties: { event: string; description: string; affectedZones: string[] };
}

/** The largest amount in inches an alert's text quotes ("3 to 5 inches", "around 2 inches"), if any. */
function quotedInches(description: string): number | undefined {
  const amounts = [...description.matchAll(/(\d+(?:\.\d+)?) inch(?:es)?/g)].map((m) => Number(m[1]));
  return amounts.length > 0 ? Math.max(...amounts) : undefined;
}

// Dates with winter weather on the mainland and the rainy season in Hawaii, in the model's own year.
const DATES = ['2025-12-15T12:00:00Z', '2025-12-22T12:00:00Z', '2026-01-20T12:00:00Z', '2026-02-10T12:00:00Z'];

describe('alert amounts over HTTP (issue 35 item 13)', () => {
  test('no alert quotes a multi-zone sum: rain and snow totals stay those of one place', async () => {
    let quoted = 0;
    for (const now of DATES) {
      const w = await forecastWorld({ now: new Date(now) });
      const res = await w.get('/alerts/active');
      assert.equal(res.status, 200);
      for (const alert of res.body.features as Alert[]) {
        const { event, description, affectedZones } = alert.properties;
        const inches = quotedInches(description);
        if (inches === undefined || !/Winter|Flood|Snow|Blizzard|Ice/.test(event)) continue;
        quoted += 1;
        const where = `${now} ${event} over ${affectedZones.length} zones: ${description.slice(0, 160)}`;
        // The wettest single places in the model's climate take about a foot in a storm, not five feet.
        if (/Flood/.test(event)) assert.ok(inches <= 15, where);
        // A long light snow can total more than a warning's 6 inches in an advisory (a warning needs 6 in 12
        // hours or 8 in 24, alerts-justified.test.ts), but not a storm's worth.
        else if (/Advisory/.test(event)) assert.ok(inches < 12, `an advisory stays below a foot of snow: ${where}`);
        else assert.ok(inches <= 36, where);
      }
    }
    assert.ok(quoted > 0, 'some alert over these dates quotes an amount');
  });
});
