// `node --import ./test/support/module-log.mjs`: logs every module the process loads to MODULE_LOG, the
// ES modules through a resolve hook (module-log-hooks.mjs) and, at exit, the CommonJS ones from the require
// cache (a package that is CommonJS inside loads its own files through require, which the hook never sees).
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

register('./module-log-hooks.mjs', import.meta.url);
const require = createRequire(import.meta.url);
process.on('exit', () => appendFileSync(process.env.MODULE_LOG, Object.keys(require.cache).join('\n') + '\n'));
