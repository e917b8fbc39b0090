// Arizona's monsoon flash floods: the training storms' downpour hours are likely rain, so that the grid's heaviest
// hours reach a Flash Flood Warning (a 50% chance or more, storm-warnings.ts), and they come in the afternoon and
// evening, as the western United States' flash floods do (heavy-rain.ts). Every Arizona land zone, July and August
// 2026 (`npx tsx scripts/storm-warning-report.ts` prints the flash floods by state and hour).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conusLandZones, eachStormWarning } from '../../../../scripts/forecast-data/storm-warning-counts.ts';
import { placeHours } from '../../../../adapters/forecast/embedded/weather/model.ts';
import { zonePlace } from '../../../../adapters/forecast/embedded/weather/alerts.ts';
import {
  TRAINING_FLOOR,
  trainingPop,
  trainingStrength,
} from '../../../../adapters/forecast/embedded/weather/heavy-rain.ts';

const HOUR = 3_600_000;
const arizona = conusLandZones(1).filter((z) => z.state === 'AZ');

describe('Arizona’s monsoon flash floods', () => {
  it('rain their downpour hours at a likely chance (every hour of 10 mm or more, July-August)', () => {
    const start = Date.UTC(2026, 6, 1) / HOUR;
    let heavy = 0;
    const unlikely: string[] = [];
    for (const zone of arizona)
      placeHours(zonePlace(zone))(start, 62 * 24).forEach((s, k) => {
        if (s.qpfMm < 10) return;
        heavy++;
        if (s.precipProbabilityPct < 70)
          unlikely.push(`${zone.id} ${new Date((start + k) * HOUR).toISOString()} ${s.precipProbabilityPct}%`);
      });
    assert.ok(heavy >= 100, `${heavy} downpour hours`);
    // Before: 43% of 198 at 70% or more.
    assert.ok(
      unlikely.length <= 0.1 * heavy,
      `${unlikely.length} of ${heavy} under 70%: ${unlikely.slice(0, 5).join(', ')}`,
    );
  });

  it('warn mostly from 18 to 04 UTC (11 to 21 MST), and more than before', () => {
    let warnings = 0;
    let afternoon = 0;
    eachStormWarning(arizona, 2, (_zone, alert) => {
      if (alert.properties.event !== 'Flash Flood Warning') return;
      const sent = new Date(Date.parse(alert.properties.sent));
      if (sent.getUTCMonth() !== 6 && sent.getUTCMonth() !== 7) return;
      warnings++;
      if (sent.getUTCHours() >= 18 || sent.getUTCHours() < 4) afternoon++;
    });
    // Before: 29 sampled, 48% from 18 to 04 UTC.
    assert.ok(warnings >= 40, `${warnings} flash flood warnings sampled`);
    assert.ok(afternoon >= 0.75 * warnings, `${afternoon} of ${warnings} from 18 to 04 UTC`);
  });

  it('raise a training hour’s chance with its factor, and time the West’s cells by the day’s storms', () => {
    assert.equal(trainingPop(30, 1), 30);
    assert.equal(trainingPop(30, 7), 60);
    assert.equal(trainingPop(30, 13), 90);
    assert.equal(trainingPop(30, 40), 90);
    assert.equal(trainingPop(95, 40), 95);
    assert.ok(Math.abs(trainingStrength(0, -111) - TRAINING_FLOOR) < 1e-12);
    assert.equal(trainingStrength(1, -111), 1);
    assert.equal(trainingStrength(0, -90), 1);
  });
});
