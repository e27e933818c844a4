/**
 * This machine's npm mirror serves only Linux builds of platform packages
 * (@next/swc-*, @tailwindcss/oxide-*, @rollup/rollup-*, …), so `npm install` cannot
 * record the others in package-lock.json, and `npm ci` then rejects the lock as out
 * of sync. Run this after changing dependencies: it adds each missing optional
 * platform package to the lock as an optional entry, which npm ci accepts and skips
 * on platforms it does not fit.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact platform pins
    lock.packages[hoisted] = { version: spec, optional: true };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} optional platform entries to package-lock.json`);
