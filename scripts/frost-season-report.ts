// Counts the Frost Advisories and Freeze Warnings in force (and the zones they name) at each of a few
// office's alert cycles through the cold season: how far into the winter each office's frost/freeze program
// runs (issue 38 item 4). Offices in the Southeast stop in late November or December and start again in
// March; New Orleans' and the Florida peninsula's run all winter.
//
//   npx tsx scripts/frost-season-report.ts                 the Southeast, the Gulf and a few others
//   npx tsx scripts/frost-season-report.ts FFC OHX TAE     those offices
import { generateOfficeAlerts } from '../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import { servedAlertZones } from '../adapters/forecast/embedded/alerts/served-alert-zones.ts';
import { loadEmbeddedDeps } from '../adapters/forecast/embedded/load-embedded-deps.ts';
import { isAlertActive, latestCycle } from '../adapters/forecast/embedded/weather/index.ts';

const HOUR = 3_600_000;
const DEFAULT_OFFICES = 'MRX OHX MEG JKL LMK PAH HUN BMX FFC GSP AKQ CHS ILM JAN MOB TAE JAX LIX TBW OKX GYX TOP';
const offices = new Set(process.argv.length > 2 ? process.argv.slice(2) : DEFAULT_OFFICES.split(' '));
const DATES = [
  '10-10',
  '10-25',
  '11-10',
  '11-20',
  '11-28',
  '12-15',
  '01-05',
  '01-20',
  '02-15',
  '03-10',
  '03-25',
  '04-10',
];
const EVENTS = new Set(['Frost Advisory', 'Freeze Warning']);

const loaded = loadEmbeddedDeps({ now: () => new Date(0) });
const deps = { ...loaded, clock: { now: () => new Date('2026-01-01T00:00:00Z') } };
// The zones the server's cycle covers, by office (served-alert-zones.ts).
const byOffice = servedAlertZones(deps).filter((zones) => zones.length > 0 && offices.has(zones[0]!.officeId));
process.stdout.write(
  `office ${DATES.map((d) => d.padStart(7)).join('')}   (products/zones, 09Z cycle; Oct-Dec 2026, Jan-Apr 2027)\n`,
);
for (const zones of byOffice.sort((a, b) => a[0]!.officeId.localeCompare(b[0]!.officeId))) {
  const cells = DATES.map((d) => {
    const [m, day] = d.split('-').map(Number) as [number, number];
    const year = m >= 7 ? 2026 : 2027;
    const cycle = latestCycle(Date.UTC(year, m - 1, day, 9) / HOUR);
    const active = generateOfficeAlerts(zones, cycle).filter(
      (a) => EVENTS.has(a.properties.event) && isAlertActive(a, cycle * HOUR),
    );
    const named = active.reduce((n, a) => n + a.properties.geocode.UGC.length, 0);
    return `${active.length}/${named}`.padStart(7);
  });
  process.stdout.write(`${zones[0]!.officeId.padEnd(6)} ${cells.join('')}\n`);
}
