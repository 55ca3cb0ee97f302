import { formatVerraSerial } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { insertBlocks, insertProjects, lockOverlappingBlocks } from './sandbox-registry.repository';
import type { VerraCsvEntry } from './verra-csv';

/** Who the sandbox names as verifier of a block it learnt from an export (the export has no verifier column). */
export const EXPORT_VERIFIER = 'Verra registry export';

/**
 * Makes the embedded sandbox hold what a Verra export lists, as the real registry does: the
 * project when it has none of that id (an existing one is matched by id and kept as it is),
 * and the block — issued, or retired when the export says so — when no block of the sandbox
 * overlaps it. Blocks it already holds are left for the registry checks of the import.
 */
export async function mirrorInSandbox(tx: Tx, tenantId: string, entry: VerraCsvEntry): Promise<{ projectCreated: boolean }> {
  const { serial } = entry;
  const created = await insertProjects(tx, [
    {
      tenantId,
      projectId: serial.projectId,
      name: entry.projectName,
      description: `${entry.projectName}: imported from a Verra registry export (${entry.projectTypeText || entry.countryArea}).`,
      location: entry.countryArea,
      country: serial.country,
      type: entry.projectType,
      technology: entry.projectTypeText || entry.projectType,
      methodology: entry.methodology,
      methodologyName: entry.methodology,
      developer: '',
      standard: 'VCS',
      sectoralScope: serial.sectoralScope,
      coBenefits: entry.sustainableDevelopmentGoals,
    },
  ]);
  const existing = await lockOverlappingBlocks(tx, serial.projectId, serial.blockStart, serial.blockEnd);
  if (existing.length === 0) {
    await insertBlocks(tx, [
      {
        tenantId,
        projectId: serial.projectId,
        serialNumber: formatVerraSerial(serial),
        blockStart: serial.blockStart,
        blockEnd: serial.blockEnd,
        vintageStart: serial.vintageStart,
        vintageEnd: serial.vintageEnd,
        status: entry.retirement ? 'retired' : 'issued',
        issuanceDate: entry.issuanceDate,
        verifier: EXPORT_VERIFIER,
        reference: null,
      },
    ]);
  }
  return { projectCreated: created.length > 0 };
}
