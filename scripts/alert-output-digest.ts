// Whether a change to the alert cycle leaves its output as it was: every office's alerts (the whole features:
// ids, VTEC, ETNs, times, zones, texts) for some cycles, as one digest a cycle. Run it on two trees (a worktree
// of the parent, and this one) and compare the lines; `--out DIR` also writes each cycle's alerts, one office a
// line, to compare byte for byte (`cmp`) and find what moved.
//
//   npx tsx scripts/alert-output-digest.ts                   this tree, five cycles (November, January, July…)
//   npx tsx scripts/alert-output-digest.ts /work/wt/parent   another tree's code, the same cycles
//   npx tsx scripts/alert-output-digest.ts . --out /tmp/a 2026-02-05T09,2026-10-20T21
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const HOUR = 3_600_000;
/** Winter storms and cold (November, December, January), spring floods (March), summer heat (July). */
const CYCLES = '2026-11-28T09,2026-01-15T21,2026-07-15T09,2026-03-10T21,2025-12-24T09';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args.splice(outAt, 2)[1] : undefined;
const [tree = '.', cycles = CYCLES] = args;
const root = resolve(tree);
// The tree's own modules, so that one copy of this script runs any tree's code.
const { generateOfficeAlerts } = (await import(
  join(root, 'adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts')
)) as typeof import('../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts');
const { loadEmbeddedDeps } = (await import(
  join(root, 'adapters/forecast/embedded/load-embedded-deps.ts')
)) as typeof import('../adapters/forecast/embedded/load-embedded-deps.ts');
const { latestCycle } = (await import(
  join(root, 'adapters/forecast/embedded/weather/index.ts')
)) as typeof import('../adapters/forecast/embedded/weather/index.ts');

const offices = Array.from(loadEmbeddedDeps({ now: () => new Date(0) }).alertZones!());
if (out) mkdirSync(out, { recursive: true });
for (const at of cycles.split(',')) {
  const cycle = latestCycle(Math.floor(Date.parse(`${at}:00:00Z`) / HOUR));
  let alerts = 0;
  const lines = offices.map((zones) => {
    const list = generateOfficeAlerts(zones, cycle);
    alerts += list.length;
    return `${JSON.stringify({ office: zones[0]?.officeId, alerts: list })}\n`;
  });
  const text = lines.join('');
  if (out) writeFileSync(join(out, `${at}.jsonl`), text);
  const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
  console.log(`${at} ${offices.length} offices ${alerts} alerts ${digest}`);
}
