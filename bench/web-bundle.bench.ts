import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** The scale-out issue's budget: the /login route may ship at most 150 KB of gzipped JavaScript. */
export const LOGIN_BUDGET_BYTES = 150 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const distDir = path.resolve(import.meta.dirname, '../apps/web/dist');

function readManifest(): Manifest {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The chunk and everything it imports statically: what the browser must fetch before it runs. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

export function loginRouteFiles(manifest: Manifest): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loginPage = Object.keys(manifest).find((key) => key.endsWith('features/auth/LoginPage.tsx'));
  if (!entry || !loginPage) throw new Error('The manifest has no entry or no login page chunk');
  const keys = new Set([...staticClosure(manifest, entry), ...staticClosure(manifest, loginPage)]);
  return [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

export async function run() {
  const files = loginRouteFiles(readManifest());
  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(distDir, file));
    raw += bytes.length;
    gzipped += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`\nJavaScript loaded by /login (${files.length} files from apps/web/dist)`);
  console.log(`  raw ${kb(raw)}, gzipped ${kb(gzipped)}, budget ${kb(LOGIN_BUDGET_BYTES)} gzipped`);
  console.log(`  ratio gzipped / budget: ${(gzipped / LOGIN_BUDGET_BYTES).toFixed(2)} (${gzipped <= LOGIN_BUDGET_BYTES ? 'within' : 'OVER'} budget)`);
}
