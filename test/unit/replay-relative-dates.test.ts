import assert from 'node:assert/strict';
import { test } from 'node:test';
import { relativiseDates, resolveDates } from '../../adapters/forecast/replay/relative-dates.ts';

test('a bundle replayed at its recordedAt gives back the recorded dates, to the second', () => {
  // Recorded at 21:00:00.600Z, as a real recording's clock reads (milliseconds and all).
  const recordedAt = Date.parse('2026-05-20T21:00:00.600Z');
  const body = {
    startTime: '2026-05-20T16:00:00-05:00',
    endTime: '2026-05-20T18:00:00-05:00',
    updateTime: '2026-05-20T20:59:58+00:00',
    generatedAt: '2026-05-20T21:00:00Z',
    // A storm warning's eventMotionDescription: UTC, its local offset unknown (RFC 3339's -00:00).
    motion: '2026-05-20T20:19:00-00:00...storm...139DEG...19KT...38.44,-96.94',
  };
  const tokens = relativiseDates(body, recordedAt) as Record<string, string>;
  assert.equal(tokens['startTime'], '{date:now@-05:00}');
  assert.deepEqual(resolveDates(tokens, recordedAt), body);
  // An hour later the same bundle moves by an hour, every date together.
  const later = resolveDates(tokens, recordedAt + 3_600_000) as Record<string, string>;
  assert.equal(later['startTime'], '2026-05-20T17:00:00-05:00');
});
