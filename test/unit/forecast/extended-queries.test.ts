import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ForecastNotFound, InvalidParameter } from '../../../domain/forecast/errors.ts';
import {
  parseCwaSequence,
  parseCwsuId,
  parseDateSegment,
  parseFir,
  parseHhmm,
  parseObservationQuery,
  parseProductCode,
  parseProductQuery,
  parseRadarStationId,
  parseRadarStationQuery,
  parseSatelliteArea,
  parseSigmetQuery,
  parseTimeSegment,
} from '../../../domain/forecast/extended-queries.ts';

// The parameters of the routes beyond the spec's tables, as the official OpenAPI declares them.

describe('extended route parameters', () => {
  test('dates are real calendar days in YYYY-MM-DD; times HHMM in UTC', () => {
    assert.equal(parseDateSegment('2026-07-15'), '2026-07-15');
    for (const bad of ['2026-02-30', '2026-7-15', '15-07-2026', '2026-13-01', ''])
      assert.throws(() => parseDateSegment(bad), InvalidParameter, bad);
    assert.equal(parseHhmm('1720'), '1720');
    for (const bad of ['2400', '1760', '172', 'noon']) assert.throws(() => parseHhmm(bad), InvalidParameter, bad);
  });

  test('a time path segment is an ISO date-time with a zone', () => {
    assert.equal(parseTimeSegment('2026-07-15T17:53:00+00:00').toISOString(), '2026-07-15T17:53:00.000Z');
    for (const bad of ['2026-07-15', '2026-07-15T17:53:00', 'yesterday'])
      assert.throws(() => parseTimeSegment(bad), InvalidParameter, bad);
  });

  test('a date-time names a moment the calendar has, not one Date would roll over', () => {
    // Date reads 2026-02-30T10:00Z as March 2 and T24:00 as the next midnight: those are refused, not moved.
    for (const bad of ['2026-02-30T10:00:00Z', '2025-02-29T00:00Z', '2026-04-31T12:00:00+00:00', '2026-07-15T24:00Z']) {
      assert.throws(() => parseTimeSegment(bad), InvalidParameter, bad);
      assert.throws(() => parseObservationQuery({ start: [bad] }), InvalidParameter, bad);
    }
    assert.throws(() => parseObservationQuery({ end: ['2026-02-30'] }), InvalidParameter);
    assert.equal(parseTimeSegment('2024-02-29T23:59:59-05:00').toISOString(), '2024-03-01T04:59:59.000Z');
    assert.equal(parseObservationQuery({ start: ['2024-02-29'] }).start?.toISOString(), '2024-02-29T00:00:00.000Z');
  });

  test('CWSU ids are the OpenAPI enum; CWA sequences start at 100; FIRs are four capitals', () => {
    assert.equal(parseCwsuId('zkc'), 'ZKC');
    assert.throws(() => parseCwsuId('ZZZ'), InvalidParameter);
    assert.equal(parseCwaSequence('101'), 101);
    assert.throws(() => parseCwaSequence('99'), InvalidParameter);
    assert.equal(parseFir('KZKC'), 'KZKC');
    assert.throws(() => parseFir('kzkc'), InvalidParameter);
    assert.deepEqual(parseSigmetQuery({ fir: ['KZKC'], date: ['2026-07-15'] }), {
      fir: 'KZKC',
      date: '2026-07-15',
      start: undefined,
      end: undefined,
      sequence: undefined,
    });
    assert.throws(() => parseSigmetQuery({ date: ['2026-02-30'] }), InvalidParameter);
  });

  test('product filters follow the OpenAPI patterns', () => {
    const q = parseProductQuery({
      type: ['afd,HWO'],
      office: ['KTOP'],
      wmoid: ['FXUS63'],
      location: ['top'],
      limit: ['5'],
    });
    assert.deepEqual(
      [q.types, q.offices, q.wmoIds, q.locations, q.limit],
      [['AFD', 'HWO'], ['KTOP'], ['FXUS63'], ['TOP'], 5],
    );
    for (const bad of [{ office: ['TOP'] }, { wmoid: ['FXUS'] }, { type: ['AFDX'] }, { limit: ['501'] }])
      assert.throws(() => parseProductQuery(bad), InvalidParameter);
    assert.throws(() => parseProductCode('A-F', 'type'), ForecastNotFound);
  });

  test('observation ranges are ordered; radar station types and satellite areas are checked', () => {
    assert.throws(
      () => parseObservationQuery({ start: ['2026-07-15T18:00:00Z'], end: ['2026-07-15T17:00:00Z'] }),
      InvalidParameter,
    );
    assert.equal(parseObservationQuery({}).limit, undefined);
    assert.deepEqual(parseRadarStationQuery({ stationType: ['WSR-88D,TDWR'] }).stationTypes, ['WSR-88D', 'TDWR']);
    assert.throws(() => parseRadarStationQuery({ stationType: ['WSR_88D'] }), InvalidParameter);
    assert.equal(parseRadarStationId('ktwx'), 'KTWX');
    assert.equal(parseRadarStationId('tlka2'), 'TLKA2');
    for (const bad of ['TWX', 'TLKA22', 'KT-X']) assert.throws(() => parseRadarStationId(bad), ForecastNotFound);
    assert.equal(parseSatelliteArea('g'), 'g');
    assert.throws(() => parseSatelliteArea('G'), InvalidParameter);
  });
});
