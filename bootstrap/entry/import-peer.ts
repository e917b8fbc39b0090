/**
 * Imports a peer package of the double (msw) from the app's node_modules, when first asked for. Its own module
 * because dist/weather/weather.cjs, a classic script run with V8's code cache (kept-script.ts), can make no
 * dynamic import itself (Node gives a cached script no loader): there the build puts the ES module loader's
 * own import in its place (bootstrap/server/server-bundle.mjs).
 */
export const importPeer = (specifier: string): Promise<unknown> => import(specifier);
