// `npm run build` builds the web app (apps/web/dist) and the API (apps/api/dist).
// `npm start` runs it with --if-changed: a part is rebuilt only when its inputs changed since
// its last build, judged by a SHA-256 of the inputs written beside the output (dist/.inputs-sha256)
// after a build succeeded. Both builds empty their dist first, so a build run any other way
// (`npm run build -w …`), or one that failed, leaves no stamp and the next start builds again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const STAMP = '.inputs-sha256';

/** What every part is built from besides its own folder: the workspace packages, the lock file, the shared TypeScript settings and this script. */
const SHARED_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json', 'packages', 'scripts/build.mjs'];

const PARTS = [
  {
    name: 'web app',
    workspace: '@carbonledger/web',
    inputs: ['apps/web', ...SHARED_INPUTS],
    dist: 'apps/web/dist',
    output: 'index.html',
    // Vite builds VITE_* variables into the bundle.
    env: () => Object.entries(process.env).filter(([key]) => key.startsWith('VITE_')),
  },
  { name: 'API', workspace: '@carbonledger/api', inputs: ['apps/api', ...SHARED_INPUTS], dist: 'apps/api/dist', output: 'server.js', env: () => [] },
];

/**
 * Every file under `relative`, skipping installed packages, build output, dot folders (DATA_DIR's
 * default `.data` among them) and test files, which neither build includes.
 */
function listFiles(relative, into) {
  const absolute = path.join(root, relative);
  const stat = fs.statSync(absolute, { throwIfNoEntry: false });
  if (!stat) return into;
  if (stat.isFile()) {
    into.push(relative);
    return into;
  }
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      listFiles(child, into);
    } else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) {
      into.push(child);
    }
  }
  return into;
}

function inputsHash(part) {
  const hash = createHash('sha256');
  const files = [...new Set(part.inputs.flatMap((input) => listFiles(input, [])))].sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  for (const [key, value] of part.env().sort(([a], [b]) => a.localeCompare(b))) hash.update(`env ${key}=${value}\0`);
  return hash.digest('hex');
}

function builtFrom(part) {
  const dist = path.join(root, part.dist);
  if (!fs.existsSync(path.join(dist, part.output))) return null;
  try {
    return fs.readFileSync(path.join(dist, STAMP), 'utf8').trim();
  } catch {
    return null;
  }
}

function build(part, hash) {
  const result = spawnSync('npm', ['run', 'build', '-w', part.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`build: the ${part.name} build failed`);
    process.exit(result.status ?? 1);
  }
  // The hash of the inputs as they were when the build began: a file changed during the build makes the next start build again.
  fs.writeFileSync(path.join(root, part.dist, STAMP), `${hash}\n`);
}

const ifChanged = process.argv.includes('--if-changed');
for (const part of PARTS) {
  const started = performance.now();
  const hash = inputsHash(part);
  const previous = ifChanged ? builtFrom(part) : null;
  if (previous === hash) {
    console.log(
      `build: ${part.name} unchanged since its last build (inputs ${hash.slice(0, 12)}, checked in ${Math.round(performance.now() - started)} ms), not rebuilt`,
    );
    continue;
  }
  if (ifChanged) console.log(`build: ${part.name} ${previous ? 'changed since its last build' : 'not built yet'}, building`);
  build(part, hash);
}
