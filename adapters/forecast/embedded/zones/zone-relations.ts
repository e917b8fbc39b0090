import type { ZoneType } from '../../../../domain/forecast/queries.ts';
import { bboxContains, multiPolygonContains } from '../catalogue/geometry.ts';
import type { Catalogue } from '../catalogue/types.ts';

/** Ids of the zones of each type that overlap a zone (the zone itself included for its own type). */
export interface RelatedZones {
  readonly forecast: readonly string[];
  readonly county: readonly string[];
  readonly fire: readonly string[];
}

/**
 * How forecast, county and fire zones overlap. Forecast zones list their counties exactly; fire zones
 * have no such list, so a fire zone is related to the forecast zone of the same id (they usually
 * coincide), to the forecast zones whose centroid it contains, and to the one at its own centroid.
 * Answers are cached: each is a scan of a few thousand boxes.
 */
export function zoneRelations(catalogue: Catalogue) {
  let countyToForecast: Map<string, string[]> | undefined;
  const fireToForecast = new Map<string, string[]>();

  function forecastOfCounty(id: string): string[] {
    if (!countyToForecast) {
      countyToForecast = new Map();
      for (const z of catalogue.forecastZones.values()) {
        for (const c of z.counties) countyToForecast.set(c, [...(countyToForecast.get(c) ?? []), z.id]);
      }
    }
    return countyToForecast.get(id) ?? [];
  }

  function forecastOfFire(id: string): string[] {
    const known = fireToForecast.get(id);
    if (known) return known;
    const fire = catalogue.fireZones.get(id);
    const out = new Set<string>();
    if (catalogue.forecastZones.has(id)) out.add(id);
    if (fire?.shape) {
      const shape = fire.shape;
      for (const z of catalogue.forecastZones.values()) {
        const { lat, lon } = z.centroid;
        if (bboxContains(shape.bbox, lon, lat) && multiPolygonContains(shape.polygons, lon, lat)) out.add(z.id);
      }
    }
    const atCentroid = fire && catalogue.forecastZoneAt(fire.centroid.lat, fire.centroid.lon);
    if (atCentroid) out.add(atCentroid.id);
    const list = [...out].sort();
    fireToForecast.set(id, list);
    return list;
  }

  function fireOfForecast(id: string): string[] {
    const zone = catalogue.forecastZones.get(id);
    const out = new Set<string>();
    if (catalogue.fireZones.has(id)) out.add(id);
    const atCentroid = zone && catalogue.fireZoneAt(zone.centroid.lat, zone.centroid.lon);
    if (atCentroid) out.add(atCentroid.id);
    return [...out].sort();
  }

  /** The forecast zones an alert filter on a zone of any type stands for (alerts name forecast zones). */
  function forecastZonesFor(id: string): string[] {
    if (/^[A-Z]{2}C\d{3}$/.test(id)) return forecastOfCounty(id);
    const out = new Set<string>(forecastOfFire(id));
    if (catalogue.forecastZones.has(id)) out.add(id);
    return [...out];
  }

  function related(type: ZoneType, id: string): RelatedZones {
    const forecast = type === 'forecast' ? [id] : type === 'county' ? forecastOfCounty(id) : forecastOfFire(id);
    const county =
      type === 'county' ? [id] : unique(forecast.flatMap((z) => catalogue.forecastZones.get(z)?.counties ?? []));
    const fire = type === 'fire' ? [id] : unique(forecast.flatMap(fireOfForecast));
    return { forecast, county, fire };
  }

  return { forecastZonesFor, related };
}

export type ZoneRelations = ReturnType<typeof zoneRelations>;

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort();
}
