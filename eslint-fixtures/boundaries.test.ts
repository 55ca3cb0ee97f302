import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Proves the import boundaries of eslint.config.js: the files under tree/ mirror the repository's layout, and each
 * `*.violation.ts` breaks one rule on purpose. `npm run lint` ignores tree/; this test lints it with the real config.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const treeRoot = path.join(repoRoot, 'eslint-fixtures/tree');

const expectedViolations: Record<string, string[]> = {
  'apps/api/src/modules/beta/reads-alpha-repository.violation.ts': ['boundaries/dependencies'],
  'apps/api/src/modules/beta/reads-alpha-testing.violation.ts': ['boundaries/dependencies'],
  'apps/api/src/lib/reads-plugin.violation.ts': ['boundaries/dependencies'],
  'apps/api/src/lib/reads-module.violation.ts': ['boundaries/dependencies'],
  'apps/api/src/db/seeds-module.violation.ts': ['boundaries/dependencies'],
  'apps/api/src/modules/delta/delta.violation.ts': ['import-x/no-cycle'],
  'apps/api/src/modules/delta/index.ts': ['import-x/no-cycle'],
  'apps/api/src/modules/epsilon/epsilon.violation.ts': ['import-x/no-cycle'],
  'apps/api/src/modules/epsilon/index.ts': ['import-x/no-cycle'],
  'apps/web/src/features/orders/reads-other-feature.violation.ts': ['boundaries/dependencies'],
  'apps/web/src/features/orders/reads-app.violation.ts': ['boundaries/dependencies'],
  'apps/web/src/components/reads-feature.violation.ts': ['boundaries/dependencies'],
  'apps/web/src/lib/reads-component.violation.ts': ['boundaries/dependencies'],
};

describe('import boundaries (eslint.config.js)', () => {
  let problemsByFile: Map<string, ESLint.LintResult['messages']>;

  beforeAll(async () => {
    const eslint = new ESLint({ cwd: repoRoot, ignore: false });
    const results = await eslint.lintFiles([treeRoot]);
    problemsByFile = new Map(results.map((result) => [path.relative(treeRoot, result.filePath).split(path.sep).join('/'), result.messages]));
  }, 60_000);

  it('reports every deliberate violation with the rule that forbids it', () => {
    for (const [file, rules] of Object.entries(expectedViolations)) {
      expect(
        problemsByFile.get(file)?.map((message) => message.ruleId),
        file,
      ).toEqual(rules);
    }
  });

  it('names the face to import instead of a module internal', () => {
    const [problem] = problemsByFile.get('apps/api/src/modules/beta/reads-alpha-repository.violation.ts') ?? [];
    expect(problem?.message).toContain('modules/alpha/index.ts');
  });

  it("passes the compliant files: faces, tests reaching their own module and other modules' test helpers, app → features → components → lib", () => {
    const compliant = [...problemsByFile.entries()].filter(([file]) => !(file in expectedViolations));
    expect(compliant.length).toBeGreaterThanOrEqual(14);
    for (const [file, messages] of compliant) expect(messages, file).toEqual([]);
  });
});
