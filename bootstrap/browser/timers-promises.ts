import { sleep } from './timers.ts';

/** node:timers/promises for the browser build. */
export const setTimeout = sleep;
export default { setTimeout };
