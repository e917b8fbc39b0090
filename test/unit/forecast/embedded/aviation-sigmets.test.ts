// Issue 38 item 10: the Aviation Weather Center's SIGMET list (/aviation/sigmets/KKCI) is rarely empty at a
// typical hour, as the real one is, because the model's own convection, icing and turbulence bring them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aviationResources } from '../../../../adapters/forecast/embedded/aviation/aviation-resources.ts';
import { askByPath, deps } from './support.ts';

type Json = Record<string, any>;
const HOUR = 3_600_000;

/** The SIGMETs in force at an instant, from the KKCI list the provider serves then. */
async function inForce(atMs: number): Promise<Json[]> {
  const aviation = aviationResources({ ...deps(), clock: { now: () => new Date(atMs) } });
  const list = (await askByPath(aviation)('/aviation/sigmets/KKCI', { baseUrl: '' })).body['features'] as Json[];
  return list.filter((f) => Date.parse(f['properties'].start) <= atMs && atMs < Date.parse(f['properties'].end));
}

describe('SIGMETs at realistic rates (issue 38 item 10)', () => {
  it('KKCI has a SIGMET in force at most hours of the year, convective ones most in summer', async () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    let hours = 0;
    let withAny = 0;
    const convective = { summer: 0, winter: 0, summerHours: 0, winterHours: 0 };
    for (let h = 0; h < 8760; h += 97) {
      const at = start + h * HOUR + 30 * 60_000;
      const month = new Date(at).getUTCMonth();
      const now = await inForce(at);
      hours++;
      if (now.length > 0) withAny++;
      for (const f of now) assert.equal(f['properties'].fir, 'KKCI');
      const storms = now.filter((f) => /[ECW]$/.test(f['properties'].sequence)).length > 0 ? 1 : 0;
      if (month >= 5 && month <= 7)
        [convective.summer, convective.summerHours] = [convective.summer + storms, convective.summerHours + 1];
      if (month === 11 || month <= 1)
        [convective.winter, convective.winterHours] = [convective.winter + storms, convective.winterHours + 1];
    }
    console.log(
      `# KKCI: a SIGMET in force at ${withAny} of ${hours} sampled hours; convective in ${convective.summer}/${convective.summerHours} summer hours, ${convective.winter}/${convective.winterHours} winter hours`,
    );
    // Three hours in four: outside the central Plains (whose storms come at night too) the model's convection
    // keeps to the afternoons, so summer nights without icing have none; the real list is emptier still only on
    // quiet winter nights.
    assert.ok(withAny / hours >= 0.7, `${withAny} of ${hours}`);
    assert.ok(convective.summer / convective.summerHours > convective.winter / Math.max(1, convective.winterHours));
  });
});
