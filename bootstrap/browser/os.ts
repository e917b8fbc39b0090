/** node:os for the browser build: what the forecast path asks (the alert generator's worker count). */
export const availableParallelism = (): number => globalThis.navigator?.hardwareConcurrency ?? 1;
export const cpus = (): unknown[] => Array.from({ length: availableParallelism() }, () => ({}));
export const tmpdir = (): string => '/tmp';
export const setPriority = (): void => {};
export const hostname = (): string => 'browser';
export const platform = (): string => 'browser';
export const EOL = '\n';
export const constants = { priority: { PRIORITY_LOW: 19 } };
export default { availableParallelism, cpus, tmpdir, setPriority, hostname, platform, EOL, constants };
