// How `npm start` (start.mjs) loads its bundler. esbuild is a development dependency: the published package
// ships its bundles built (dist/server/, dist/weather/), so a weather-only install never downloads the
// bundler's ~11 MB native binary. A checkout installed with `--omit=dev` has no bundler, and `npm start`
// then says which command fixes it instead of printing Node's ERR_MODULE_NOT_FOUND stack.

export const ESBUILD_MISSING =
  'taskcast: npm start bundles the sources with esbuild, a development dependency, which is not installed ' +
  '(npm ci --omit=dev?). Install the development dependencies: npm ci';

/** esbuild's module, or undefined when the package itself is not installed (any other failure is thrown). */
export async function loadEsbuild(importEsbuild = () => import('esbuild')) {
  try {
    return await importEsbuild();
  } catch (error) {
    // Only esbuild itself: a broken install (its platform binary missing) has its own, clearer message.
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && /'esbuild'/.test(String(error.message))) return undefined;
    throw error;
  }
}
