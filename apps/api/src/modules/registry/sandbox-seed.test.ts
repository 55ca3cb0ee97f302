import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PROJECT_TYPES, parseVerraSerial, serialUnits } from '@carbonledger/contracts';
import { createTestDatabase } from '../../test/test-app';
import { rowsOf, type Database } from '../../db/database';
import { registryVcuBlocks, tenants } from '../../db/schema';
import { DEMO_TENANT_SLUG } from '../../db/seed';
import { seedDemo } from '../demo';
import { SANDBOX_PROJECTS, sandboxBlocksFor } from './sandbox-seed';

describe('sandbox registry demo data', () => {
  const blocks = SANDBOX_PROJECTS.flatMap((project) => sandboxBlocksFor('tenant', project).map((block) => ({ project, block })));

  it('covers every project type, the expected countries and vintages 2018–2024', () => {
    expect(new Set(SANDBOX_PROJECTS.map((project) => project.type))).toEqual(new Set(PROJECT_TYPES));
    expect(new Set(SANDBOX_PROJECTS.map((project) => project.country))).toEqual(new Set(['BR', 'IN', 'KE', 'ID', 'PE', 'US']));
    const years = new Set(SANDBOX_PROJECTS.flatMap((project) => project.vintages.map((vintage) => vintage.year)));
    expect([...years].sort()).toEqual([2018, 2019, 2020, 2021, 2022, 2023, 2024]);
    expect(new Set(SANDBOX_PROJECTS.map((project) => project.methodology))).toEqual(
      new Set(['ACM0002', 'VM0007', 'VMR0006', 'VM0033', 'ACM0001', 'AMS-III.D']),
    );
  });

  it('issues only valid serials that agree with their project and block numbers', () => {
    for (const { project, block } of blocks) {
      const parsed = parseVerraSerial(block.serialNumber);
      expect(parsed.ok, block.serialNumber).toBe(true);
      if (!parsed.ok) continue;
      expect(parsed.serial).toMatchObject({
        projectId: project.projectId,
        country: project.country,
        sectoralScope: project.sectoralScope,
        blockStart: block.blockStart,
        blockEnd: block.blockEnd,
        form: 'current',
      });
      expect(serialUnits(parsed.serial)).toBeGreaterThan(0n);
    }
  });

  it('never issues a serial twice within a project', () => {
    for (const project of SANDBOX_PROJECTS) {
      const projectBlocks = sandboxBlocksFor('tenant', project);
      projectBlocks.forEach((block, index) => {
        if (index > 0) expect(block.blockStart).toBeGreaterThan(projectBlocks[index - 1]!.blockEnd);
      });
    }
  });

  describe('seeded with the demo tenant', () => {
    let database: Database;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase());
    });
    afterAll(() => drop());

    it('is seeded once, and seeding again changes nothing', async () => {
      await seedDemo(database, { password: 'Demo!2345' });
      const count = () =>
        database.asSystem(async (tx) => {
          const [tenant] = await tx.select().from(tenants).where(eq(tenants.slug, DEMO_TENANT_SLUG));
          const result = await tx.execute(
            sql`select (select count(*) from registry_projects where tenant_id = ${tenant!.id})::int as projects, (select count(*) from registry_vcu_blocks where tenant_id = ${tenant!.id})::int as blocks`,
          );
          return rowsOf<{ projects: number; blocks: number }>(result)[0];
        });
      expect(await count()).toEqual({ projects: SANDBOX_PROJECTS.length, blocks: blocks.length });
      await database.asSystem((tx) => tx.update(registryVcuBlocks).set({ status: 'locked' }).where(eq(registryVcuBlocks.projectId, '2250')));
      await seedDemo(database, { password: 'Demo!2345' });
      expect(await count()).toEqual({ projects: SANDBOX_PROJECTS.length, blocks: blocks.length });
      const locked = await database.asSystem((tx) => tx.select().from(registryVcuBlocks).where(eq(registryVcuBlocks.status, 'locked')));
      expect(locked).toHaveLength(sandboxBlocksFor('x', SANDBOX_PROJECTS[0]!).length);
    });
  });
});
