/**
 * The summary rows the benchmark sets share: a figure passes or fails by the same rule in every set, and a
 * row built on requests that were not all answered 2xx never passes.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Measurement } from '../../../bench/lib/load.ts';
import { count2xx, ownFigure, versusOwnRun, versusPeer } from '../../../bench/lib/rows.ts';

const run = (reqPerSec: number, statusCodes: Record<string, number> = { '200': 100 }): Measurement => {
  const non2xx = Object.entries(statusCodes).reduce((n, [code, c]) => (code.startsWith('2') ? n : n + c), 0);
  return {
    scenario: 's',
    server: 'x',
    reqPerSec,
    p50Ms: 1,
    p99Ms: 2,
    non2xx,
    errors: 0,
    timeouts: 0,
    statusCodes,
    rounds: [],
    warmup: null,
  };
};

describe('bench summary rows', () => {
  test('against the peer: passes at the ratio, is unjudged without a peer, fails on non-2xx', () => {
    assert.equal(versusPeer('GET', run(300), run(100), 3).pass, true);
    assert.equal(versusPeer('GET', run(299), run(100), 3).pass, false);
    const alone = versusPeer('GET', run(300), undefined, 3);
    assert.deepEqual([alone.pass, alone.ratio, alone.note, alone.target], [null, null, 'no peer', '≥ 3× peer']);
    const unclean = versusPeer('GET', run(300, { '200': 99, '500': 1 }), run(100), 3);
    assert.equal(unclean.pass, false);
    assert.equal(unclean.note, 'non-2xx/errors seen: figures invalid');
  });

  test('against its own easier run: the ratio and the names given', () => {
    const row = versusOwnRun('POST @big', run(60), run(100), 0.5, { ratioOf: 'empty store', target: 'empty' }, 'n');
    assert.deepEqual(
      [row.ratio, row.ratioOf, row.target, row.pass, row.peer, row.note],
      [0.6, 'empty store', '≥ 0.5× empty', true, null, 'n'],
    );
    assert.equal(versusOwnRun('POST @big', run(40), run(100), 0.5, { ratioOf: 'e', target: 'e' }).pass, false);
    assert.equal(versusOwnRun('POST @big', run(60), undefined, 0.5, { ratioOf: 'e', target: 'e' }).pass, null);
  });

  test("a figure of Taskcast's own: strictly below, at most, or only reported", () => {
    assert.deepEqual(
      [ownFigure('rss', 'MB', 200, { below: 200 }).pass, ownFigure('rss', 'MB', 199, { below: 200 }).target],
      [false, '< 200 MB'],
    );
    const atMost = ownFigure('start', 's', 2, { atMost: 2 });
    assert.deepEqual([atMost.pass, atMost.target], [true, '≤ 2 s']);
    const reported = ownFigure('cycle', 'ms', 900, null, 'cold');
    assert.deepEqual(reported, {
      scenario: 'cycle',
      unit: 'ms',
      taskcast: 900,
      peer: null,
      ratio: null,
      ratioOf: null,
      target: '–',
      pass: null,
      note: 'cold',
    });
    assert.equal('note' in ownFigure('x', 'ms', 1, null), false, 'no note key when none is given');
  });

  test('counts only the 2xx answers', () => {
    assert.equal(count2xx(run(1, { '200': 5, '201': 2, '204': 1, '404': 3, '503': 4 })), 8);
  });
});
