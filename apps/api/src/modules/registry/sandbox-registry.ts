import { randomBytes } from 'node:crypto';
import {
  PROJECT_TYPES,
  formatVerraSerial,
  parseVerraSerial,
  registryTexts,
  sameIssuance,
  serialForRange,
  type CarbonProject,
  type ProjectStats,
  type RegistryBlockStatus,
  type RegistryVcuBlock,
  type VerraSerial,
} from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { RegistryAdapter } from './registry.adapter';
import { coversRange } from './ranges';
import * as repository from './sandbox-registry.repository';

export function vintageLabel(years: readonly number[]): string {
  if (years.length === 0) return '';
  const first = Math.min(...years);
  const last = Math.max(...years);
  return first === last ? String(first) : `${first}–${last}`;
}

function toProject(row: repository.SandboxProjectRow): CarbonProject {
  const vintages = [...(row.vintages ?? [])].map(Number).sort((a, b) => a - b);
  return {
    id: row.project_id,
    registry: 'sandbox',
    name: row.name,
    description: row.description,
    location: row.location,
    country: row.country,
    type: row.type,
    technology: row.technology,
    vintage: vintageLabel(vintages),
    vintages,
    coBenefits: row.co_benefits,
    methodology: row.methodology,
    methodologyName: row.methodology_name,
    developer: row.developer,
    standard: row.standard,
    sectoralScope: row.sectoral_scope,
    totalCredits: row.total,
    availableCredits: row.available,
    retiredCredits: row.retired,
  };
}

function toBlock(row: repository.SandboxBlockRow): RegistryVcuBlock {
  return {
    serialNumber: row.serialNumber,
    projectId: row.projectId,
    blockStart: row.blockStart.toString(),
    blockEnd: row.blockEnd.toString(),
    units: (row.blockEnd - row.blockStart + 1n).toString(),
    vintageStart: row.vintageStart,
    vintageEnd: row.vintageEnd,
    status: row.status,
    issuanceDate: row.issuanceDate,
    verifier: row.verifier,
  };
}

function storedSerial(row: repository.SandboxBlockRow): VerraSerial {
  const parsed = parseVerraSerial(row.serialNumber);
  if (!parsed.ok) throw new Error(`sandbox block ${row.id} holds an invalid serial`);
  return parsed.serial;
}

function reference(kind: 'LCK' | 'RET'): string {
  return `SBX-${kind}-${randomBytes(6).toString('hex').toUpperCase()}`;
}

/**
 * Moves a range from one status to another. The range may span blocks that earlier
 * changes split apart; the blocks at its edges are split again so that the parts outside
 * the range keep their status and get their own serials.
 */
async function transitionRange(
  tx: Tx,
  serial: VerraSerial,
  from: RegistryBlockStatus,
  to: RegistryBlockStatus,
  newReference: string | null,
  expectedReference?: string,
): Promise<void> {
  const blocks = await repository.lockOverlappingBlocks(tx, serial.projectId, serial.blockStart, serial.blockEnd);
  if (!coversRange(blocks, serial.blockStart, serial.blockEnd)) {
    throw new AppError('NOT_FOUND', registryTexts.blockNotFound, { fields: { serialNumber: [registryTexts.blockNotFound] } });
  }
  if (!blocks.every((block) => sameIssuance(storedSerial(block), serial))) {
    throw AppError.validation({ serialNumber: [registryTexts.issuanceMismatch] }, registryTexts.issuanceMismatch);
  }
  if (blocks.some((block) => block.status !== from || (expectedReference !== undefined && block.reference !== expectedReference))) {
    throw new AppError('REGISTRY__BLOCK_NOT_ISSUED', registryTexts.blockNotIssued, { fields: { serialNumber: [registryTexts.blockNotIssued] } });
  }
  const outside: repository.NewSandboxBlock[] = [];
  for (const block of blocks) {
    const blockSerial = storedSerial(block);
    const piece = (start: bigint, end: bigint): repository.NewSandboxBlock => ({
      tenantId: block.tenantId,
      projectId: block.projectId,
      serialNumber: formatVerraSerial(serialForRange(blockSerial, start, end)),
      blockStart: start,
      blockEnd: end,
      vintageStart: block.vintageStart,
      vintageEnd: block.vintageEnd,
      status: block.status,
      issuanceDate: block.issuanceDate,
      verifier: block.verifier,
      reference: block.reference,
    });
    const start = block.blockStart > serial.blockStart ? block.blockStart : serial.blockStart;
    const end = block.blockEnd < serial.blockEnd ? block.blockEnd : serial.blockEnd;
    if (start > block.blockStart) outside.push(piece(block.blockStart, start - 1n));
    if (end < block.blockEnd) outside.push(piece(end + 1n, block.blockEnd));
    await repository.narrowBlock(tx, block.id, {
      blockStart: start,
      blockEnd: end,
      serialNumber: formatVerraSerial(serialForRange(blockSerial, start, end)),
      status: to,
      reference: newReference,
    });
  }
  await repository.insertBlocks(tx, outside);
}

/** The embedded sandbox registry: Verra's model, stored in the tenant's own tables. */
export function sandboxRegistry(tx: Tx): RegistryAdapter {
  return {
    id: 'sandbox',

    async listProjects({ search, type, page, pageSize }) {
      const filter = { search, type };
      const [rows, total] = await Promise.all([
        repository.findProjects(tx, filter, { limit: pageSize, offset: (page - 1) * pageSize }),
        repository.countProjects(tx, filter),
      ]);
      return { items: rows.map(toProject), total };
    },

    async projectStats(): Promise<ProjectStats> {
      const rows = await repository.creditTotalsByType(tx);
      const byType = PROJECT_TYPES.flatMap((type) => {
        const row = rows.find((candidate) => candidate.type === type);
        return row ? [{ type, projectCount: row.project_count, totalCredits: row.total, availableCredits: row.available, retiredCredits: row.retired }] : [];
      });
      const sum = (pick: (entry: (typeof byType)[number]) => string) => byType.reduce((total, entry) => total + BigInt(pick(entry)), 0n).toString();
      return {
        projectCount: byType.reduce((count, entry) => count + entry.projectCount, 0),
        totalCredits: sum((entry) => entry.totalCredits),
        availableCredits: sum((entry) => entry.availableCredits),
        retiredCredits: sum((entry) => entry.retiredCredits),
        byType,
      };
    },

    async getProject(projectId) {
      const row = await repository.findProject(tx, projectId);
      return row ? toProject(row) : null;
    },

    async listVcuBlocks(projectId) {
      return (await repository.blocksOfProject(tx, projectId)).map(toBlock);
    },

    async lockSerialRange(serial) {
      const lockReference = reference('LCK');
      await transitionRange(tx, serial, 'issued', 'locked', lockReference);
      return { reference: lockReference };
    },

    async unlockSerialRange(serial, lockReference) {
      await transitionRange(tx, serial, 'locked', 'issued', null, lockReference);
    },

    async markRetired(serial) {
      const retirementReference = reference('RET');
      await transitionRange(tx, serial, 'locked', 'retired', retirementReference);
      return { reference: retirementReference };
    },
  };
}
