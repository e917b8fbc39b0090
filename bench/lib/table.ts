// Plain-text tables for the terminal.
import type { Measurement } from './load.ts';
import type { TargetRow } from './types.ts';

export function renderTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  rightAligned: ReadonlySet<number> = new Set(),
): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join(' | ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('-+-');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

const num = (value: number | null, digits: number): string =>
  value === null || !Number.isFinite(value) ? '—' : value.toFixed(digits);

export function summaryTable(
  rows: readonly TargetRow[],
  columns: { value: string; reference: string } = { value: 'Taskcast', reference: 'peer' },
): string {
  return renderTable(
    ['scenario', columns.value, columns.reference, 'ratio', 'target', 'result'],
    rows.map((r) => {
      const digits = r.unit === 'MB' ? 1 : r.unit === 's' ? 2 : 0;
      const value = (v: number | null): string => (v === null ? '—' : `${num(v, digits)} ${r.unit}`);
      const verdict = r.pass === null ? 'n/a' : r.pass ? 'PASS' : 'FAIL';
      return [
        r.scenario,
        value(r.taskcast),
        value(r.peer),
        r.ratio === null ? '—' : `${num(r.ratio, 2)}×`,
        r.target,
        r.note ? `${verdict} (${r.note})` : verdict,
      ];
    }),
    new Set([1, 2, 3]),
  );
}

export function detailTable(measurements: readonly Measurement[]): string {
  return renderTable(
    ['scenario', 'server', 'median req/s', 'rounds req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
    measurements.map((m) => [
      m.scenario,
      m.server,
      num(m.reqPerSec, 0),
      m.rounds.map((r) => num(r.reqPerSec, 0)).join(' / '),
      num(m.p50Ms, 0),
      num(m.p99Ms, 0),
      m.non2xx > 0 ? `${m.non2xx} !!!` : '0',
      m.errors + m.timeouts > 0 ? `${m.errors}+${m.timeouts}t !!!` : '0',
    ]),
    new Set([2, 4, 5, 6, 7]),
  );
}
