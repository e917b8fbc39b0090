import type { WeatherAdjust } from './model.ts';
import type { Place } from './climate.ts';
import type { UnitSystem } from './units.ts';

/** Shapes of api.weather.gov forecast payloads (the `properties` of a forecast Feature). */

export interface QuantitativeValue {
  readonly unitCode: string;
  readonly value: number | null;
}

export interface ForecastPeriod {
  readonly number: number;
  readonly name: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly isDaytime: boolean;
  readonly temperature: number;
  readonly temperatureUnit: 'F' | 'C';
  readonly temperatureTrend: string | null;
  readonly probabilityOfPrecipitation: QuantitativeValue;
  /** Hourly periods only. */
  readonly dewpoint?: QuantitativeValue;
  /** Hourly periods only. */
  readonly relativeHumidity?: QuantitativeValue;
  readonly windSpeed: string;
  readonly windDirection: string;
  readonly icon: string;
  readonly shortForecast: string;
  readonly detailedForecast: string;
}

export interface ForecastRequest {
  readonly place: Place;
  /** UTC epoch hour at which the forecast is issued; the first period contains it. */
  readonly issuedHour: number;
  /** IANA zone of the forecast office, e.g. America/Chicago. */
  readonly timeZone: string;
  /** 'us' (°F, mph) by default, or 'si' (°C, km/h). */
  readonly units?: UnitSystem;
  /** Absolute base of icon URLs, e.g. `${base}/icons`; icons are `${iconBaseUrl}/land/day/sct?size=medium`. */
  readonly iconBaseUrl: string;
  /** A scenario's change to the model's weather (see WeatherAdjust); none: the plain model. */
  readonly adjust?: WeatherAdjust;
}

/** The `properties` of a forecast Feature, minus links, which belong to the HTTP layer. */
export interface Forecast {
  readonly units: UnitSystem;
  readonly forecastGenerator: string;
  readonly generatedAt: string;
  readonly updated: string;
  readonly updateTime: string;
  readonly validTimes: string;
  readonly elevation: QuantitativeValue;
  readonly periods: readonly ForecastPeriod[];
}
