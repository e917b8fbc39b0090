// Re-adds @node-rs/bcrypt's per-platform optional packages to package-lock.json.
// Why: some of them (e.g. @node-rs/bcrypt-darwin-x64@2.0.0) are missing from the registry this project is
// built against. `npm install` then leaves them out of the lock, and `npm ci` refuses a lock that lacks
// them. Entries carrying os/cpu/libc let `npm ci` skip them on other platforms without fetching anything.
// Run after any `npm install` that rewrites the lock: `node scripts/lock-optional-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
// The platforms @node-rs/bcrypt publishes, as its packages' suffixes: `<os>-<cpu>`, then the ABI where there is one.
const PLATFORMS = new Set([
  'android-arm-eabi',
  'android-arm64',
  'darwin-arm64',
  'darwin-x64',
  'freebsd-x64',
  'linux-arm-gnueabihf',
  'linux-arm64-gnu',
  'linux-arm64-musl',
  'linux-x64-gnu',
  'linux-x64-musl',
  'win32-arm64-msvc',
  'win32-ia32-msvc',
  'win32-x64-msvc',
]);

let added = 0;
for (const [key, entry] of Object.entries(lock.packages)) {
  if (!key.endsWith('node_modules/@node-rs/bcrypt') || !entry.optionalDependencies) continue;
  const base = key.slice(0, -'@node-rs/bcrypt'.length);
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const path = `${base}${name}`;
    if (lock.packages[path]) continue;
    const suffix = name.slice('@node-rs/bcrypt-'.length);
    if (!PLATFORMS.has(suffix)) continue;
    const [os, cpu] = suffix.split('-');
    const libc = suffix.includes('musl') ? ['musl'] : os === 'linux' ? ['glibc'] : undefined;
    lock.packages[path] = { version, cpu: [cpu], ...(libc ? { libc } : {}), optional: true, os: [os] };
    added++;
  }
}
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`package-lock.json: ${added} platform entr${added === 1 ? 'y' : 'ies'} added`);
