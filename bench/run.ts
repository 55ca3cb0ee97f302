import fs from 'node:fs';
import path from 'node:path';

/** Runs every bench/*.bench.ts (or those named on the command line), one after another. */
const only = process.argv.slice(2);
const dir = import.meta.dirname;
const files = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

for (const file of files) {
  const module = (await import(path.join(dir, file))) as { run: () => Promise<void> };
  console.log(`\n== ${file}`);
  await module.run();
}
