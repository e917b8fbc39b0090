import type { Catalogue, StationRecord } from '../catalogue/types.ts';
import { estimateElevation } from '../shared/elevation.ts';
import type { Links } from '../shared/links.ts';

/**
 * A station as api.weather.gov's ObservationStation Feature (station.json, stations_list.json). Not known and
 * so omitted: `provider` and `subProvider`. Zone links are omitted where the catalogue has no zone.
 * Stations without a surveyed elevation get the neighbours' estimate (see elevation.ts), since the
 * weather model and the observation need a number.
 */
export function stationFeature(station: StationRecord, catalogue: Catalogue, links: Links): Record<string, unknown> {
  const id = links.station(station.id);
  const properties: Record<string, unknown> = {
    '@id': id,
    '@type': 'wx:ObservationStation',
    elevation: { unitCode: 'wmoUnit:m', value: stationElevation(station, catalogue) },
    stationIdentifier: station.id,
    name: station.name,
    timeZone: station.timeZone,
  };
  if (station.forecastZone) properties['forecast'] = links.zone('forecast', station.forecastZone);
  if (station.countyZone) properties['county'] = links.zone('county', station.countyZone);
  if (station.fireZone) properties['fireWeatherZone'] = links.zone('fire', station.fireZone);
  return { id, type: 'Feature', geometry: { type: 'Point', coordinates: [station.lon, station.lat] }, properties };
}

export function stationElevation(station: StationRecord, catalogue: Catalogue): number {
  return station.elevationMeters ?? estimateElevation(catalogue, station.lat, station.lon);
}
