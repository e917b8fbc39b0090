import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { relativeTo, resolveTime } from '../../../../adapters/forecast/control/relative-time.ts';

const NOW = Date.parse('2026-05-20T21:10:00Z');
const at = (text: string, zone = 'America/Chicago') => new Date(resolveTime(text, NOW, zone)).toISOString();

describe('scenario times', () => {
  it('now and now±N{m,h,d}', () => {
    assert.equal(at('now'), '2026-05-20T21:10:00.000Z');
    assert.equal(at('now+45m'), '2026-05-20T21:55:00.000Z');
    assert.equal(at('now - 2h'), '2026-05-20T19:10:00.000Z');
    assert.equal(at('now+1d'), '2026-05-21T21:10:00.000Z');
  });

  it("today HH:MM±N{h,d} is wall-clock time in the place's zone", () => {
    // 21:10Z is 16:10 CDT on the 20th: today 06:00 is 11:00Z that day.
    assert.equal(at('today 06:00'), '2026-05-20T11:00:00.000Z');
    assert.equal(at('today 06:00+1d'), '2026-05-21T11:00:00.000Z');
    assert.equal(at('today 18:00-6h'), '2026-05-20T17:00:00.000Z');
    assert.equal(at('today 06:00', 'America/Los_Angeles'), '2026-05-20T13:00:00.000Z');
    // At 02:00Z on the 21st it is still the 20th in Chicago.
    assert.equal(
      new Date(resolveTime('today 06:00', Date.parse('2026-05-21T02:00:00Z'), 'America/Chicago')).toISOString(),
      '2026-05-20T11:00:00.000Z',
    );
  });

  it('today follows DST: 06:00 on the day clocks change is 06:00 local', () => {
    const spring = Date.parse('2026-03-08T18:00:00Z'); // Chicago springs forward at 2 am on 8 March 2026
    assert.equal(
      new Date(resolveTime('today 06:00', spring, 'America/Chicago')).toISOString(),
      '2026-03-08T11:00:00.000Z',
    );
    assert.equal(
      new Date(resolveTime('today 01:00', spring, 'America/Chicago')).toISOString(),
      '2026-03-08T07:00:00.000Z',
    );
  });

  it('ISO instants pass through; anything else is refused', () => {
    assert.equal(at('2026-05-20T21:00:00-05:00'), '2026-05-21T02:00:00.000Z');
    assert.throws(() => resolveTime('tomorrow', NOW, 'UTC'), RangeError);
  });

  it('relativeTo writes what resolveTime reads back', () => {
    for (const ms of [NOW, NOW + 45 * 60_000, NOW - 3 * 86_400_000, NOW + 7_000, NOW - 3_600_000 * 5]) {
      const text = relativeTo(ms, NOW);
      assert.equal(resolveTime(text, NOW, 'UTC'), ms, text);
    }
    assert.equal(relativeTo(NOW + 3 * 3_600_000, NOW), 'now+3h');
  });
});
