import { readFileSync } from 'node:fs';
import type { EmbeddedDeps } from '../../../../../adapters/forecast/embedded/embedded-deps.ts';
import { pointDocuments } from '../../../../../adapters/forecast/embedded/grid/point-document.ts';

/** One real /points answer the project keeps: where it was asked, and the office and cell it gave. */
export interface RecordedAnswer {
  readonly recorded: string;
  readonly lat: number;
  readonly lon: number;
  readonly gridId: string;
  readonly gridX: number;
  readonly gridY: number;
}

const fixtures = new URL('../../../../fixtures/forecast/', import.meta.url);

/** Every real answer of one office: recorded-points.json and the 2023 held-out set. */
export function recordedAnswersOf(office: string): RecordedAnswer[] {
  return recordedAnswers().filter((a) => a.gridId === office);
}

/** Every real answer the project keeps: recorded-points.json and the 2023 held-out set. */
export function recordedAnswers(): RecordedAnswer[] {
  const recorded = (
    JSON.parse(readFileSync(new URL('recorded-points.json', fixtures), 'utf8')) as { samples: RecordedAnswer[] }
  ).samples;
  const heldOut = readFileSync(new URL('eaperry-points-2023.csv', fixtures), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line): RecordedAnswer => {
      const [when, lat, lon, gridId, gridX, gridY] = line.split(',');
      return {
        recorded: when!,
        lat: Number(lat),
        lon: Number(lon),
        gridId: gridId!,
        gridX: Number(gridX),
        gridY: Number(gridY),
      };
    });
  return [...recorded, ...heldOut];
}

/** The properties of the embedded provider's /points answer at lat,lon, as a test compares them with a recorded one. */
export function pointPropertiesOf(d: EmbeddedDeps): (lat: number, lon: number) => Record<string, unknown> {
  const docs = pointDocuments(d);
  return (lat, lon) =>
    (docs.document({ lat, lon }, 'https://api.weather.gov').body as { properties: Record<string, unknown> }).properties;
}
