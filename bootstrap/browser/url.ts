/**
 * node:url for the browser build. The page's URL class is the only one there, so it serves for Node's; a
 * module's path (its import.meta.url, which the build fixes to a file: URL under /taskcast/) is its pathname.
 */
export const URL = globalThis.URL;
export const URLSearchParams = globalThis.URLSearchParams;
export const fileURLToPath = (url: string | URL): string => decodeURIComponent(new globalThis.URL(url).pathname);
export const pathToFileURL = (path: string): URL => new globalThis.URL(`file://${encodeURI(path)}`);
export default { URL, URLSearchParams, fileURLToPath, pathToFileURL };
