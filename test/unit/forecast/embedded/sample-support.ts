// A plain hour of weather for the tests that hand a rule or a formula one sample (sea-state, freezing spray):
// mild, dry and clear, with what the test is about set over it.
import type { WeatherSample } from '../../../../adapters/forecast/embedded/weather/index.ts';

export function sampleWith(set: Partial<WeatherSample>): WeatherSample {
  return {
    temperatureC: 20,
    dewpointC: 15,
    relativeHumidity: 73,
    windSpeedKmh: 10,
    windDirectionDeg: 270,
    windGustKmh: 15,
    skyCoverPct: 40,
    precipProbabilityPct: 10,
    precipType: null,
    qpfMm: 0,
    seaLevelPressureHpa: 1015,
    visibilityM: 16_000,
    ...set,
  };
}
