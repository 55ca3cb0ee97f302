import type { RegistryId, VcuRecordStatus } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import * as repository from './vcu-blocks.repository';
import type { VcuBlockRecord } from './vcu-blocks.service';

/** The tenant's (or one company's, when companyId is given) imported, not released blocks of one registry project, in serial order. */
export function importedBlocksOfProject(tx: Tx, registry: RegistryId, projectId: string, companyId: string | undefined): Promise<VcuBlockRecord[]> {
  return repository.liveBlocksOfProject(tx, registry, projectId, companyId);
}

/** The tenant's (or one company's) imported, not released blocks, optionally of one status or project, by project, vintage and serial. */
export function importedBlocks(tx: Tx, filter: { status?: VcuRecordStatus; projectId?: string; companyId?: string; limit: number }): Promise<VcuBlockRecord[]> {
  return repository.liveBlocks(tx, filter);
}
