// Issue 38: an alert keeps its id, and its event its ETN, from cycle to cycle. An event under way as a cycle's
// 48 h lookback begins was numbered from the lookback's first hour, which moves 12 h each cycle, so its ETN,
// its ids and its first action (NEW) changed every cycle, and a client tracking alerts by id saw it vanish and
// come back as a new one (on 12 offices over 10 cycles of November, 427 of 4,871 issuances listed twice).
// scripts/alert-id-stability.ts prints the same figures for any date.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateOfficeAlerts } from '../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import { cyclesTo, measureStability, spreadOffices, zoneChanges } from '../../../../scripts/alert-id-stability.ts';
import { servedAlertZones } from '../../../../adapters/forecast/embedded/alerts/served-alert-zones.ts';
import { depsAt } from './alerts-zones-support.ts';

const HOUR = 3_600_000;
const deps = depsAt('2026-01-01T00:00:00Z');
const allOffices = servedAlertZones(deps);

describe('alert ids across cycles', () => {
  it('keeps every issuance listed by two cycles, with the same id, ETN and action (12 offices, November)', () => {
    const s = measureStability(spreadOffices(allOffices, 12), cyclesTo(Date.parse('2026-11-28T09:00:00Z'), 10));
    assert.ok(s.compared > 2000, `${s.compared} issuances compared`);
    assert.deepEqual(
      { idChanged: s.idChanged, eventChanged: s.eventChanged, actionChanged: s.actionChanged, missing: s.missing },
      { idChanged: 0, eventChanged: 0, actionChanged: 0, missing: 0 },
      s.examples.join('\n'),
    );
    assert.equal(s.etnBreaks, 0, 'an Update has the ETN of the issuances of its event it references');
    assert.equal(s.newWithHistory, 0, 'a NEW references no earlier issuance of its event');
  });

  it('changes an issuance only where a later horizon joins more hours to its event (20 offices, July)', () => {
    const s = measureStability(spreadOffices(allOffices, 20), cyclesTo(Date.parse('2026-07-20T09:00:00Z'), 14));
    // 715 since Pagan, Alamagan and Agrihan (off the Guam grid) have no alerts: they had made 159 of 874.
    assert.ok(s.compared > 700, `${s.compared} issuances compared`);
    assert.equal(s.eventChanged + s.actionChanged + s.missing, 0, s.examples.join('\n'));
    assert.equal(s.idChanged, s.endChanged, s.examples.join('\n'));
  });

  it('lists a past issuance with the zones its own cycle gave it, from every later cycle (20 offices, summer)', () => {
    // A later horizon that gives a zone enough hours to count (a Heat Advisory's 2) once joined it to an issuance
    // sent before: NWS Corpus Christi's HT.Y.5013 sent 2026-07-27 20:38Z named 7 zones, 10 from the next cycle.
    // Dates from June to September, each with the next 4 cycles, which still list it. Left out:
    // the winter storm products (a Flood Watch's window a later horizon's rain made qualify once joined it too:
    // KFFC's FA.A.4242 sent 2026-06-25 08:34Z gained GAZ035) (the advisories under a warning: the next case).
    const skip = new Set(['Winter Storm Warning', 'Winter Weather Advisory']);
    const offices = spreadOffices(allOffices, 20);
    let compared = 0;
    for (const at of ['2026-06-10', '2026-06-27', '2026-07-14', '2026-07-28', '2026-08-31', '2026-09-15']) {
      const s = zoneChanges(offices, cyclesTo(Date.parse(`${at}T09:00:00Z`), 5), skip);
      compared += s.compared;
      assert.deepEqual(s.changed, [], at);
    }
    assert.ok(compared > 400, `${compared} issuances compared`);
  });

  it("keeps an advisory's zones as a warning takes over its hours, or leaves the lookback (CRP, MEG, PSR, summer)", () => {
    // An advisory window overlapping a warning was dropped whole (hazard-windows.ts's strongest), so an issuance
    // sent before a later horizon saw the warning lost the zone (CRP's HT.Y.5566, sent 2026-08-20 21Z for ten
    // zones, lost TXZ345-346 from the next cycle on; MEG's HT.Y.4674 of 2026-07-13), and one whose warning had
    // left the lookback gained it (CRP's HT.Y.5348 gained TXZ230 at the 2026-08-14 09Z cycle). Now an issuance's
    // cycle sees the advisory whole until its horizon shows the warning (cutting the advisory at the warning's
    // start alone made PSR's HT.Y.4654 of 2026-07-12 lose eight zones: the 2 hours its horizon held left 1 before
    // the warning), and a look back finds the warnings that ended before the lookback. Across every office on 11
    // dates, 4 cycles each: 50 issuances changed zones, 2 now (PAFG's Extreme Cold Warning EC.W.0970 of
    // 2026-02-09, a warning's own zones).
    const skip = new Set(['Winter Storm Warning', 'Winter Weather Advisory']);
    const office = (id: string) => allOffices.find((zones) => zones[0]!.officeId === id)!;
    for (const [id, at] of [
      ['CRP', '2026-08-16'],
      ['CRP', '2026-08-23'],
      ['MEG', '2026-07-14'],
      ['PSR', '2026-07-14'],
    ] as const) {
      const s = zoneChanges([office(id)], cyclesTo(Date.parse(`${at}T09:00:00Z`), 6), skip);
      assert.ok(s.compared > 5, `${id} ${at}: ${s.compared} issuances compared`);
      assert.deepEqual(s.changed, [], `${id} ${at}`);
    }
  });

  it('keeps the ETN of an event under way since before the look back can reach (PAFC, winter)', () => {
    // A look back stopped a week before each cycle's lookback, so an event under way there was numbered from
    // an hour that moved 12 h a cycle: PAFC's Small Craft Advisory for PKZ413 was SC.Y.0481 at the 2026-01-29
    // 21Z cycle, SC.Y.0490 at the next (2,022 such pairs at PAFC over 24 winter cycles). Now the limit is a
    // fixed hour, two weeks apart from the next, and the event keeps its number.
    const zones = allOffices.find((z) => z[0]!.officeId === 'AFC')!.filter((z) => z.id.startsWith('PKZ'));
    const s = measureStability([zones], cyclesTo(Date.parse('2026-01-30T09:00:00Z'), 2));
    assert.ok(s.compared > 20, `${s.compared} issuances compared`);
    assert.deepEqual(
      { eventChanged: s.eventChanged, etnBreaks: s.etnBreaks },
      { eventChanged: 0, etnBreaks: 0 },
      s.examples.join('\n'),
    );
  });

  it("keeps an advisory's zones in the issuances sent before a later cycle warns them (BUF, winter)", () => {
    // The zones an event's whole span gives warning amounts were taken out of every issuance of its Winter
    // Weather Advisory, those sent before a cycle saw the amounts too: KBUF's WW.Y.0786, sent 2026-02-01 08:17Z
    // for eight zones, named six from the 2026-02-02 21Z cycle on, when NYZ010 and NYZ019 became a warning.
    const office = allOffices.find((zones) => zones[0]!.officeId === 'BUF')!;
    const s = zoneChanges([office], cyclesTo(Date.parse('2026-02-02T21:00:00Z'), 4));
    assert.ok(s.compared > 5, `${s.compared} issuances compared`);
    assert.deepEqual(s.changed, []);
  });

  it('keeps a Winter Weather Advisory zone a later cycle gives a warning of its own (AJK, winter)', () => {
    // A whole-event advisory overlapping its warning was dropped whole, so PAJK's WW.Y.0939, sent 2026-02-07
    // 20:06Z, lost AKZ332 at the next cycle, whose horizon gave the zone a Winter Storm Warning (WS.W.0950).
    const office = allOffices.find((zones) => zones[0]!.officeId === 'AJK')!;
    const s = zoneChanges([office], cyclesTo(Date.parse('2026-02-08T09:00:00Z'), 3));
    assert.ok(s.compared > 5, `${s.compared} issuances compared`);
    assert.deepEqual(s.changed, []);
  });

  it('gives the same alerts at every hour of a cycle', () => {
    const zones = allOffices.find((z) => z[0]!.officeId === 'BUF')!;
    const [cycle] = cyclesTo(Date.parse('2026-01-13T09:00:00Z'), 1);
    const ids = (hour: number) => generateOfficeAlerts(zones, hour).map((a) => a.properties.id);
    const first = ids(cycle!);
    assert.ok(first.length > 0);
    for (const k of [1, 6, 11]) assert.deepEqual(ids(cycle! + k), first, `${k} h into the cycle`);
    assert.equal(new Date((cycle! + 12) * HOUR).getUTCHours(), 21);
  });
});
