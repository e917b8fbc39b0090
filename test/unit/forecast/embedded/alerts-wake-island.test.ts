// Issue 38 item 4: marine alerts at rates the NWS's own would recognise. Wake Island's waters (PMZ191, issued by
// Guam) had a Small Craft Advisory on 61-83% of cycles and a gale warning on 17-33% in every season: its trade
// wind was the analytic one, unfitted, as its station measured no wind. It now takes Kwajalein's fit
// (fit-climate.ts), and its products come with the winter trade surges, as the offices' do.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateOfficeAlerts } from '../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import { loadEmbeddedDeps } from '../../../../adapters/forecast/embedded/load-embedded-deps.ts';
import { isAlertActive, latestCycle } from '../../../../adapters/forecast/embedded/weather/index.ts';

const HOUR = 3_600_000;
const deps = loadEmbeddedDeps({ now: () => new Date(0) });
const guam = Array.from(deps.alertZones!()).find((zones) => zones.some((z) => z.id === 'PMZ191'))!;
const wake = guam.filter((z) => z.id === 'PMZ191');

describe('Wake Island marine alerts over 2026', () => {
  // Six cycles a month, every fifth day from the 2nd, at 10Z and 22Z in turn.
  const cycles: number[] = [];
  for (let m = 0; m < 12; m++)
    for (let k = 0; k < 6; k++) cycles.push(latestCycle(Date.UTC(2026, m, 2 + 5 * k, k % 2 ? 22 : 10) / HOUR));
  const winter = (c: number) => [11, 0, 1, 2].includes(new Date(c * HOUR).getUTCMonth());
  const count = { advisory: 0, gale: 0, winterAdvisory: 0, summerAdvisory: 0, winterCycles: 0 };
  for (const cycle of cycles) {
    if (winter(cycle)) count.winterCycles++;
    const events = new Set(
      generateOfficeAlerts(wake, cycle)
        .filter((a) => isAlertActive(a, cycle * HOUR))
        .map((a) => a.properties.event),
    );
    if (events.has('Small Craft Advisory')) {
      count.advisory++;
      if (winter(cycle)) count.winterAdvisory++;
      else count.summerAdvisory++;
    }
    if ([...events].some((e) => e !== 'Small Craft Advisory')) count.gale++;
  }
  const pct = (n: number, of = cycles.length) => (100 * n) / of;

  it('brings a Small Craft Advisory on some cycles, most of them in the winter trades', (t) => {
    t.diagnostic(
      `advisory on ${pct(count.advisory).toFixed(0)}% of ${cycles.length} cycles ` +
        `(winter ${pct(count.winterAdvisory, count.winterCycles).toFixed(0)}%), a warning on ${pct(count.gale).toFixed(0)}%`,
    );
    assert.ok(pct(count.advisory) >= 5, 'the trade surges still bring advisories');
    assert.ok(pct(count.advisory) <= 40, 'not on most cycles');
    assert.ok(count.winterAdvisory > count.summerAdvisory / 2, 'the winter trades are the strongest');
  });

  it('brings a gale warning rarely', () => {
    assert.ok(pct(count.gale) <= 8, `${pct(count.gale).toFixed(0)}% of cycles`);
  });
});
