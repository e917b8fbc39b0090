/**
 * The summary rows the scenario sets have in common, so that a figure is judged the same way in every set:
 * against the peer, against a limit of its own, and never passed when its requests were not all answered.
 */
import { unclean, type Measurement } from './load.ts';
import type { TargetRow } from './types.ts';

/** A row whose inputs saw non-2xx answers or errors fails, whatever the numbers say. */
export function judged(row: TargetRow, inputs: ReadonlyArray<Measurement | undefined>): TargetRow {
  if (!inputs.some((m) => m && unclean(m))) return row;
  return { ...row, pass: false, note: [row.note, 'non-2xx/errors seen: figures invalid'].filter(Boolean).join('; ') };
}

/** Taskcast's req/s against the peer's on the same scenario: passes at `min` times the peer or more. */
export function versusPeer(
  scenario: string,
  ours: Measurement | undefined,
  theirs: Measurement | undefined,
  min: number,
): TargetRow {
  const ratio = ours && theirs ? ours.reqPerSec / theirs.reqPerSec : null;
  return judged(
    {
      scenario,
      unit: 'req/s',
      taskcast: ours?.reqPerSec ?? null,
      peer: theirs?.reqPerSec ?? null,
      ratio,
      ratioOf: 'peer',
      target: `≥ ${min}× peer`,
      pass: ratio === null ? null : ratio >= min,
      ...(theirs ? {} : { note: 'no peer' }),
    },
    [ours, theirs],
  );
}

/**
 * Taskcast's req/s on a harder run against its own on an easier one (a full store against an empty one):
 * passes at `min` times the reference or more.
 */
export function versusOwnRun(
  scenario: string,
  ours: Measurement,
  reference: Measurement | undefined,
  min: number,
  names: { readonly ratioOf: string; readonly target: string },
  note?: string,
): TargetRow {
  const ratio = reference ? ours.reqPerSec / reference.reqPerSec : null;
  return judged(
    {
      scenario,
      unit: 'req/s',
      taskcast: ours.reqPerSec,
      peer: null,
      ratio,
      ratioOf: names.ratioOf,
      target: `≥ ${min}× ${names.target}`,
      pass: ratio === null ? null : ratio >= min,
      ...(note === undefined ? {} : { note }),
    },
    [ours, reference],
  );
}

/** The limit a figure of Taskcast's own must stay under (`below`) or within (`atMost`). */
export type Limit = { readonly below: number } | { readonly atMost: number };

/**
 * A figure of Taskcast's own, with no peer to compare it with: judged against its limit, or only
 * reported (target `–`) when it has none.
 */
export function ownFigure(
  scenario: string,
  unit: TargetRow['unit'],
  value: number,
  limit: Limit | null,
  note?: string,
): TargetRow {
  const judgement =
    limit === null
      ? { target: '–', pass: null }
      : 'below' in limit
        ? { target: `< ${limit.below} ${unit}`, pass: value < limit.below }
        : { target: `≤ ${limit.atMost} ${unit}`, pass: value <= limit.atMost };
  return {
    scenario,
    unit,
    taskcast: value,
    peer: null,
    ratio: null,
    ratioOf: null,
    ...judgement,
    ...(note === undefined ? {} : { note }),
  };
}

/** How many of a measurement's requests were answered 2xx. */
export function count2xx(m: Measurement): number {
  return Object.entries(m.statusCodes).reduce((n, [code, count]) => (code.startsWith('2') ? n + count : n), 0);
}
