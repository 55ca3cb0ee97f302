#!/usr/bin/env node
/**
 * Each package declares what it imports (run by `npm run lint`). A workspace's production code (its src/ less the tests)
 * may import only what its `dependencies` list; its build configs may also use its `devDependencies`, and its tests
 * (`*.test.*`, `*.testing.*`, `test/`, `testing/`) the root's devDependencies too: the shared test tooling (vitest,
 * Testing Library, fast-check). Files outside the workspaces (e2e/, bench/, scripts/, the root configs) belong to the
 * root package.json. A package listed in `dependencies` that nothing imports fails too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', '.data', 'test-results', 'playwright-report', '.git', 'tree']);
/** Needed without an import statement naming them: MUI's peer dependencies. */
const USED_WITHOUT_IMPORT = { '@carbonledger/web': ['@emotion/react', '@emotion/styled'] };

/**
 * Imported by the root's own files (bench/) but not declared there: litesvm 1.5.0 names platform packages the registry
 * does not have, and with litesvm a direct root dependency `npm ci` rejects the lockfile; bench uses the copy that
 * @carbonledger/chain installs.
 */
const ROOT_UNDECLARED = new Set(['litesvm']);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const runtime = (manifest) => new Set(Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }));
const declared = (manifest) => new Set([...runtime(manifest), ...Object.keys(manifest.devDependencies ?? {})]);
const isTest = (file) => /\.(test|testing)\.[a-z]+$/.test(file) || file.split(path.sep).some((part) => part === 'test' || part === 'testing');

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return SOURCE.test(name) ? [full] : [];
  });
}

/** Bare module specifiers of static imports, re-exports and dynamic imports. */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  // `from` counts only in an import or export statement, so that SQL such as "is distinct from 'frozen'" is not read as one.
  const specifiers = [...text.matchAll(/(?:^\s*(?:import|export)\b[^'";]*?\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([\w@][\w@./-]*)['"]/gm)].map(
    (match) => match[1],
  );
  return specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('node:'))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    )
    .filter((name) => !builtinModules.includes(name));
}

const rootManifest = readJson(path.join(root, 'package.json'));
const rootTooling = new Set(Object.keys(rootManifest.devDependencies ?? {}));
const workspaceDirs = rootManifest.workspaces.flatMap((pattern) => {
  const parent = path.join(root, pattern.replace(/\/\*$/, ''));
  return readdirSync(parent)
    .map((name) => path.join(parent, name))
    .filter((dir) => statSync(path.join(dir, 'package.json'), { throwIfNoEntry: false }));
});

const problems = [];
const packages = [
  ...workspaceDirs.map((dir) => ({ dir, manifest: readJson(path.join(dir, 'package.json')), files: filesUnder(dir) })),
  {
    dir: root,
    manifest: rootManifest,
    files: [
      ...['e2e', 'bench', 'scripts', 'eslint-fixtures'].flatMap((dir) => filesUnder(path.join(root, dir))),
      ...readdirSync(root)
        .filter((name) => SOURCE.test(name))
        .map((name) => path.join(root, name)),
    ],
  },
];

for (const { dir, manifest, files } of packages) {
  const manifestFile = path.relative(root, path.join(dir, 'package.json'));
  const production = dir !== root ? runtime(manifest) : declared(manifest);
  const all = declared(manifest);
  const used = new Set();
  for (const file of files) {
    const test = isTest(file);
    const shipped = !test && path.relative(dir, file).startsWith(`src${path.sep}`);
    for (const name of importsOf(file)) {
      used.add(name);
      if (name === manifest.name || (shipped ? production : all).has(name) || (test && rootTooling.has(name))) continue;
      if (dir === root && ROOT_UNDECLARED.has(name)) continue;
      const where = shipped && all.has(name) ? 'dependencies (it is only in devDependencies)' : 'does not declare';
      problems.push(`${path.relative(root, file)} imports ${name}, which ${manifestFile} ${where.startsWith('dep') ? `must list in ${where}` : where}`);
    }
  }
  const allowed = new Set(USED_WITHOUT_IMPORT[manifest.name] ?? []);
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    if (!used.has(name) && !allowed.has(name)) problems.push(`${manifest.name} declares ${name} in dependencies, but nothing in it imports it`);
  }
}

const unique = [...new Set(problems)];
for (const problem of unique) console.error(problem);
if (unique.length > 0) process.exit(1);
