// What every entry point holding the weather double exports about its controls: the clock's state, the
// scenario types, and the errors a bad scenario or clock setting throws. One list, so the entries cannot
// drift apart in what a test may import from them.
export type { ClockState } from '../../adapters/forecast/control/forecast-clock.ts';
export { ScenarioInvalid } from '../../adapters/forecast/control/scenario-invalid.ts';
export type {
  AlertEvent,
  Scenario,
  ScenarioAlert,
  ScenarioFault,
  ScenarioTime,
  ScenarioWeather,
} from '../../adapters/forecast/control/scenario.ts';
export { ClockSettingInvalid } from '../../adapters/forecast/control/clock-setting.ts';
