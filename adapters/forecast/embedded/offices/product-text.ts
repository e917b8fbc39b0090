import type { ForecastZoneRecord, OfficeRecord } from '../catalogue/types.ts';
import type { AlertFacts } from '../alerts/alert-set.ts';
import { issuingOfficeId, wmoCollectiveId, type ProductIssue } from './product-catalogue.ts';
import { officeByline } from './office-sender-name.ts';
import type { ZoneForecastText } from '../zones/zone-forecasts.ts';
import { localTime, zoneAbbreviation } from '../weather/time.ts';
import { textOrder } from '../weather/text-order.ts';

// NWS text products as the NWS writes them: the WMO heading and AWIPS id, the product name and "National
// Weather Service <office>", the local issuance time line, then the product's own sections, upper case
// where the NWS uses it, lines wrapped at 66 characters, `$$` closing each segment.

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** "1020 AM CDT Wed Jul 15 2026" */
export function nwsTimeLine(ms: number, timeZone: string): string {
  const t = localTime(ms, timeZone);
  const h12 = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${h12}${pad(t.minute)} ${t.hour < 12 ? 'AM' : 'PM'} ${zoneAbbreviation(ms, timeZone)} ${DAYS[t.weekday]} ${MONTHS[t.month - 1]} ${t.day} ${t.year}`;
}

/** The WMO heading "FXUS63 KTOP 151520" and the AWIPS id "AFDTOP", after the "000" sequence line. */
export function productHeader(issue: ProductIssue): string[] {
  const d = new Date(issue.issuedMs);
  const ddhhmm = `${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
  return [
    '000',
    `${wmoCollectiveId(issue.type, issue.office)} ${issuingOfficeId(issue.office)} ${ddhhmm}`,
    `${issue.type.code}${issue.office.id}`,
    '',
  ];
}

/** Wraps text at `width` columns on word boundaries. */
export function wrap(text: string, width = 66): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** A list joined by `-` and ended by one, wrapped at `width` after a separator (zone name lines). */
export function wrapList(items: readonly string[], width = 66): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const piece = `${item}-`;
    if (line !== '' && line.length + piece.length > width) {
      lines.push(line);
      line = piece;
    } else line += piece;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** UGC line "KSZ008>012-020-160400-": zones of one state compressed into ranges, then the purge time. */
export function ugcLine(zones: readonly string[], purgeMs: number): string {
  const byState = new Map<string, number[]>();
  for (const z of [...zones].sort()) {
    const key = z.slice(0, 3);
    const list = byState.get(key) ?? [];
    list.push(Number(z.slice(3)));
    byState.set(key, list);
  }
  const parts: string[] = [];
  for (const [prefix, numbers] of byState) {
    const groups: string[] = [];
    for (let i = 0; i < numbers.length;) {
      let j = i;
      while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
      // Three or more consecutive zones make a range (008>012); two stay a pair (058-059), as the NWS writes them.
      if (j - i >= 2) {
        groups.push(`${String(numbers[i]).padStart(3, '0')}>${String(numbers[j]).padStart(3, '0')}`);
        i = j + 1;
      } else {
        groups.push(String(numbers[i]).padStart(3, '0'));
        i++;
      }
    }
    parts.push(`${prefix}${groups.join('-')}`);
  }
  const d = new Date(purgeMs);
  return `${parts.join('-')}-${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}-`;
}

function heading(issue: ProductIssue, name: string): string[] {
  return [
    ...productHeader(issue),
    name,
    `National Weather Service ${officeByline(issue.office)}`,
    nwsTimeLine(issue.issuedMs, issue.office.timeZone),
    '',
  ];
}

/** One line per hazard in force: "Heat Advisory until 8 PM CDT Thursday for KSZ008>012." */
export function hazardLines(alerts: readonly AlertFacts[], office: OfficeRecord): string[] {
  const byEvent = new Map<string, { zones: Set<string>; endsMs: number }>();
  for (const f of alerts) {
    const entry = byEvent.get(f.alert.properties.event) ?? { zones: new Set<string>(), endsMs: 0 };
    for (const z of f.zones) entry.zones.add(z);
    entry.endsMs = Math.max(entry.endsMs, Math.min(f.endsMs, f.expiresMs));
    byEvent.set(f.alert.properties.event, entry);
  }
  return [...byEvent]
    .sort(([a], [b]) => textOrder(a, b))
    .map(([event, e]) => {
      const until = nwsTimeLine(e.endsMs, office.timeZone).split(' ').slice(0, 4).join(' ');
      return `${event} until ${until} for ${ugcLine([...e.zones], e.endsMs).replace(/-\d{6}-$/, '')}.`;
    });
}

export interface ProductInputs {
  readonly issue: ProductIssue;
  /** The office's alerts in force at issuance. */
  readonly alerts: readonly AlertFacts[];
  /** Zone forecasts of the office's public zones (ZFP: all of them; AFD/HWO: the first is the office's own area). */
  readonly zones: readonly ZoneForecastText[];
  /** Every public zone of the office, for the segment headers that list them. */
  readonly areaZones: readonly ForecastZoneRecord[];
}

/** Area Forecast Discussion: key messages, discussion, aviation, and the office's watches/warnings/advisories. */
export function areaForecastDiscussion({ issue, alerts, zones }: ProductInputs): string {
  const area = zones[0];
  const hazards = hazardLines(alerts, issue.office);
  const periods = area?.periods ?? [];
  const key =
    hazards.length > 0
      ? hazards.map((h) => `- ${h}`)
      : ['- No hazardous weather is expected through the forecast period.'];
  const discussion = periods.slice(0, 4).flatMap((p) => [...wrap(`${p.name}: ${p.detailedForecast}`), '']);
  const lines = [
    ...heading(issue, 'Area Forecast Discussion'),
    '.KEY MESSAGES...',
    '',
    ...key.flatMap((k) => wrap(k)),
    '',
    '&&',
    '',
    '.DISCUSSION...',
    '',
    ...discussion,
    '&&',
    '',
    '.AVIATION...',
    '',
    ...wrap(
      periods[0]
        ? `Conditions follow the forecast for ${periods[0].name.toLowerCase()}: ${periods[0].detailedForecast}`
        : 'No aviation concerns.',
    ),
    '',
    '&&',
    '',
    `.${issue.office.id} WATCHES/WARNINGS/ADVISORIES...`,
    ...(hazards.length > 0 ? hazards.flatMap((h) => wrap(h)) : ['None.']),
    '',
    '&&',
    '',
    '$$',
    '',
  ];
  return lines.join('\n');
}

/** Hazardous Weather Outlook: day one, days two through seven, spotter information. */
export function hazardousWeatherOutlook({ issue, alerts, zones, areaZones }: ProductInputs): string {
  const hazards = hazardLines(alerts, issue.office);
  const ugc = ugcLine(
    areaZones.map((z) => z.id),
    issue.issuedMs + 24 * 3_600_000,
  );
  const later =
    zones[0]?.periods
      .slice(2, 14)
      .filter((p) => /thunder|snow|rain|wind|heat|cold|freez|frost|fog/i.test(p.detailedForecast)) ?? [];
  const lines = [
    ...productHeader(issue),
    'Hazardous Weather Outlook',
    `National Weather Service ${officeByline(issue.office)}`,
    nwsTimeLine(issue.issuedMs, issue.office.timeZone),
    '',
    ...wrapList(ugc.split('-').filter((t) => t !== '')),
    ...wrapList(areaZones.map((z) => z.name)),
    nwsTimeLine(issue.issuedMs, issue.office.timeZone),
    '',
    ...wrap(
      `This Hazardous Weather Outlook is for the forecast area of the National Weather Service office in ${officeByline(issue.office)}.`,
    ),
    '',
    '.DAY ONE...Today and Tonight.',
    '',
    ...(hazards.length > 0
      ? hazards.flatMap((h) => [...wrap(h), ''])
      : ['No hazardous weather is expected at this time.', '']),
    '.DAYS TWO THROUGH SEVEN...',
    '',
    ...(later.length > 0
      ? later.slice(0, 3).flatMap((p) => [...wrap(`${p.name}: ${p.detailedForecast}`), ''])
      : ['No hazardous weather is expected at this time.', '']),
    '.SPOTTER INFORMATION STATEMENT...',
    '',
    alerts.some((f) => /Thunderstorm|Tornado|Flood/.test(f.alert.properties.event))
      ? 'Spotter activation may be needed.'
      : 'Spotter activation is not expected at this time.',
    '',
    '$$',
    '',
  ];
  return lines.join('\n');
}

/** Zone Forecast Product: one segment per public zone with its periods in upper case. */
export function zoneForecastProduct({ issue, zones }: ProductInputs): string {
  const segments = zones.flatMap((z) => [
    ...wrap(ugcLine([z.zone.id], issue.issuedMs + 12 * 3_600_000)),
    ...wrapList([z.zone.name.toUpperCase()]),
    nwsTimeLine(issue.issuedMs, issue.office.timeZone),
    ...z.periods.slice(0, 14).flatMap((p) => wrap(`.${p.name.toUpperCase()}...${p.detailedForecast.toUpperCase()}`)),
    '',
    '$$',
    '',
  ]);
  return [...heading(issue, 'Zone Forecast Product'), ...segments].join('\n');
}
