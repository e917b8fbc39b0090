import { synopticGustKmh, type WeatherSample } from './model.ts';

/**
 * The hour's marine wind, km/h: its "frequent gusts", halfway between the gridpoint's windSpeed and windGust.
 * The model's gust is the hour's peak, which a criterion of frequent gusts would overstate (at the peak gust a
 * Small Craft Advisory would be up over most of the Gulf most of the spring); its sustained wind is a land
 * station's, which understates the open water's (at it, hardly a gale would blow off New England or Alaska).
 * The marine products (marine-alert-rules.ts) count their hours at it, and the wind waves (sea-state.ts) grow
 * from it, so an advisory's wind and its seas are one wind. A thunderstorm's gust is left out (synopticGustKmh).
 */
export function marineWindKmh(s: WeatherSample): number {
  return (s.windSpeedKmh + synopticGustKmh(s)) / 2;
}
