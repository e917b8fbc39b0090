import { unavailable } from './unavailable.ts';

/**
 * The Node built-ins only the server, the task store or the metrics use (http, net, v8, module, cluster,
 * diagnostics_channel, util, zlib, ...): names that load, and throw if anything calls them in the browser.
 * `STATUS_CODES` and `maxHeaderSize` are read where a module loads, so they are real.
 */
const thrower = (name: string) =>
  function () {
    unavailable(name);
  };
export const STATUS_CODES: Record<number, string> = {};
export const maxHeaderSize = 16384;
export const createServer = thrower('http.createServer');
export const request = thrower('http.request');
export const Agent = thrower('http.Agent');
export const Server = thrower('http.Server');
export const Socket = thrower('net.Socket');
export const createConnection = thrower('net.createConnection');
export const serialize = thrower('v8.serialize');
export const deserialize = thrower('v8.deserialize');
export const getHeapSpaceStatistics = (): unknown[] => [];
export const getHeapStatistics = (): Record<string, number> => ({});
export const createRequire = () => thrower('require');
export const subscribe = (): void => {};
export const unsubscribe = (): void => {};
export const channel = () => ({ hasSubscribers: false, publish: () => {}, subscribe: () => {}, unsubscribe: () => {} });
export const tracingChannel = () => ({
  hasSubscribers: false,
  traceSync: <T>(fn: () => T) => fn(),
  tracePromise: <T>(fn: () => T) => fn(),
});
export const promisify = <T>(fn: T) => fn;
export const inspect = (value: unknown): string => String(value);
export const format = (...values: unknown[]): string => values.map(String).join(' ');
export const isDeepStrictEqual = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
export const types = { isNativeError: (value: unknown) => value instanceof Error };
export const TextDecoder = globalThis.TextDecoder;
export const TextEncoder = globalThis.TextEncoder;
export const isMaster = true;
export const isPrimary = true;
export const workers = {};
export const open = thrower('open');
export const readFile = thrower('readFile');
export const writeFile = thrower('writeFile');
export const rename = thrower('rename');
export const unlink = thrower('unlink');
export const rm = thrower('rm');
export const mkdir = thrower('mkdir');
export const readdir = thrower('readdir');
export const stat = thrower('stat');
export const lstat = thrower('lstat');
export const access = thrower('access');
export const copyFile = thrower('copyFile');
export const connect = thrower('connect');
export const gzipSync = thrower('zlib.gzipSync');
export const brotliCompressSync = thrower('zlib.brotliCompressSync');
export const deflateRawSync = thrower('zlib.deflateRawSync');
export const inflateRawSync = thrower('zlib.inflateRawSync');
export const constants = {};
export class EventEmitter {
  on() {
    return this;
  }
  once() {
    return this;
  }
  off() {
    return this;
  }
  emit() {
    return false;
  }
  removeListener() {
    return this;
  }
}
export const AsyncLocalStorage = class {
  getStore(): undefined {
    return undefined;
  }
  run<T>(_store: unknown, fn: () => T): T {
    return fn();
  }
};
export default {
  STATUS_CODES,
  maxHeaderSize,
  createServer,
  request,
  serialize,
  deserialize,
  createRequire,
  subscribe,
  channel,
  promisify,
  inspect,
  format,
  types,
  EventEmitter,
};
