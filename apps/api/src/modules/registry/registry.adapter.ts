import type { CarbonProject, ProjectStats, ProjectType, RegistryId, RegistryVcuBlock, VerraSerial } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';

export interface ProjectSearch {
  search?: string | undefined;
  type?: ProjectType | undefined;
  page: number;
  pageSize: number;
}

export interface ProjectSearchResult {
  items: CarbonProject[];
  total: number;
}

export interface RetirementDetails {
  beneficiary: string;
  reason: string;
}

/**
 * A carbon registry (Verra or the embedded sandbox). Ranges are Verra serials; every
 * state change answers with the registry's own reference for it. Failures are AppErrors:
 * NOT_FOUND (no such block), REGISTRY__BLOCK_NOT_ISSUED (range not free), VALIDATION_ERROR (serial does not
 * match the issued block), SERVICE_UNAVAILABLE (registry unreachable or answering nonsense).
 */
export interface RegistryAdapter {
  readonly id: RegistryId;
  listProjects(search: ProjectSearch): Promise<ProjectSearchResult>;
  projectStats(): Promise<ProjectStats>;
  getProject(projectId: string): Promise<CarbonProject | null>;
  /** The issued blocks of a project in serial order, as the registry holds them now. */
  listVcuBlocks(projectId: string): Promise<RegistryVcuBlock[]>;
  /** Locks a range (inside one issued block) for tokenisation on this platform. */
  lockSerialRange(serial: VerraSerial, holder: string): Promise<{ reference: string }>;
  /** Gives a locked range back to the registry's free pool. */
  unlockSerialRange(serial: VerraSerial, reference: string): Promise<void>;
  /** Retires a locked range on behalf of a beneficiary. */
  markRetired(serial: VerraSerial, details: RetirementDetails): Promise<{ reference: string }>;
}

/** Picks the registry for a request; the sandbox needs the request's transaction, a remote registry ignores it. */
export type RegistryProvider = (tx: Tx) => RegistryAdapter;
