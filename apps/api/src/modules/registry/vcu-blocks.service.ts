import { formatVerraSerial, parseVerraSerial, registryTexts, sameIssuance, serialForRange, type RegistryId, type VerraSerial } from '@carbonledger/contracts';
import { pgErrorOf, type Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import type { RegistryAdapter, RetirementDetails } from './registry.adapter';
import { coversRange } from './ranges';
import * as repository from './vcu-blocks.repository';

export type VcuBlockRecord = repository.VcuBlockRow;

export const NO_DOUBLE_TOKENISATION_CONSTRAINT = 'vcu_blocks_no_double_tokenisation';

/** Who imports VCUs for a company: a user, or no one (null) when a mint is resumed whose requester was deleted. */
export type VcuImporter = Pick<Actor, 'tenantId' | 'companyId' | 'requestId' | 'ip' | 'apiKey'> & { userId: Actor['userId'] | null };

/** Which imported blocks a mint draws from: a company's blocks of a project (optionally one vintage year), or chosen blocks. */
export type ReserveSource = { registry: RegistryId; projectId: string; companyId: string; vintageYear?: number } | { blockIds: readonly string[] };

export function unitsOf(block: Pick<VcuBlockRecord, 'blockStart' | 'blockEnd'>): bigint {
  return block.blockEnd - block.blockStart + 1n;
}

export function serialOf(block: Pick<VcuBlockRecord, 'serialNumber' | 'id'>): VerraSerial {
  const parsed = parseVerraSerial(block.serialNumber);
  if (!parsed.ok) throw new Error(`VCU block ${block.id} holds an invalid serial`);
  return parsed.serial;
}

function parseOrReject(serialNumber: string): VerraSerial {
  const parsed = parseVerraSerial(serialNumber);
  if (!parsed.ok) throw AppError.validation({ serialNumber: parsed.errors.map((error) => error.message) });
  return parsed.serial;
}

function issuedWith(registrySerial: string, serial: VerraSerial): boolean {
  const issued = parseVerraSerial(registrySerial);
  return issued.ok && sameIssuance(issued.serial, serial);
}

function isDoubleTokenisation(error: unknown): boolean {
  const pgError = pgErrorOf(error);
  return pgError?.code === '23P01' && pgError.constraint === NO_DOUBLE_TOKENISATION_CONSTRAINT;
}

/** The database's error names the other row's range (maybe another tenant's); the user gets only our own text. */
function overlapConflict(error: unknown): AppError {
  return new AppError('REGISTRY__SERIAL_OVERLAP', registryTexts.overlap, { fields: { serialNumber: [registryTexts.overlap] }, cause: error });
}

/**
 * Imports a VCU block by its serial: the range must lie inside a block the registry
 * issued, is claimed in vcu_blocks (the exclusion constraint refuses a range that any
 * tenant already holds), then locked in the registry; the registry's lock reference is
 * kept. Everything happens in the caller's transaction, so a refused lock undoes the claim.
 */
export async function importVcuBlock(tx: Tx, registry: RegistryAdapter, actor: VcuImporter, serialNumber: string): Promise<VcuBlockRecord> {
  const serial = parseOrReject(serialNumber);
  const blocks = (await registry.listVcuBlocks(serial.projectId)).map((block) => ({
    ...block,
    blockStart: BigInt(block.blockStart),
    blockEnd: BigInt(block.blockEnd),
  }));
  if (!coversRange(blocks, serial.blockStart, serial.blockEnd)) {
    throw new AppError('NOT_FOUND', registryTexts.blockNotFound, { fields: { serialNumber: [registryTexts.blockNotFound] } });
  }
  const issuedAs = blocks.filter((block) => block.blockStart <= serial.blockEnd && block.blockEnd >= serial.blockStart);
  if (!issuedAs.every((block) => issuedWith(block.serialNumber, serial))) {
    throw AppError.validation({ serialNumber: [registryTexts.issuanceMismatch] }, registryTexts.issuanceMismatch);
  }
  const containing = issuedAs[0]!;

  let claimed: VcuBlockRecord;
  try {
    claimed = await repository.insertVcuBlock(tx, {
      tenantId: actor.tenantId,
      companyId: actor.companyId,
      importedBy: actor.userId,
      registry: registry.id,
      projectId: serial.projectId,
      serialNumber: formatVerraSerial(serial),
      blockStart: serial.blockStart,
      blockEnd: serial.blockEnd,
      vintageStart: serial.vintageStart,
      vintageEnd: serial.vintageEnd,
      issuanceDate: containing.issuanceDate,
      verifier: containing.verifier,
      status: 'available',
    });
  } catch (error) {
    if (isDoubleTokenisation(error)) throw overlapConflict(error);
    throw error;
  }
  const lock = await registry.lockSerialRange(serial, actor.tenantId);
  const imported = await repository.updateVcuBlock(tx, claimed.id, { registryReference: lock.reference });
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action: 'vcu.imported',
    resourceType: 'vcu_block',
    resourceId: imported.id,
    details: { registry: registry.id, serialNumber: imported.serialNumber, units: unitsOf(imported).toString(), registryReference: lock.reference },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
    apiKey: actor.apiKey,
  });
  return imported;
}

/**
 * Moves `units` from the selected blocks (lowest serials first) into a new state. When a
 * block holds more than is still needed, it is split: the taken part keeps the block's id
 * and lowest serials, the remainder becomes a new row with its own serial and old state.
 */
async function takeLowest(tx: Tx, blocks: readonly VcuBlockRecord[], units: bigint, change: repository.VcuBlockChange): Promise<VcuBlockRecord[]> {
  const whole: string[] = [];
  let remaining = units;
  let split: VcuBlockRecord | undefined;
  for (const block of blocks) {
    if (remaining === 0n) break;
    const blockUnits = unitsOf(block);
    if (blockUnits > remaining) {
      split = block;
      break;
    }
    whole.push(block.id);
    remaining -= blockUnits;
  }
  const taken: VcuBlockRecord[] = await repository.updateVcuBlocks(tx, whole, change);
  if (split) taken.push(await splitBlock(tx, split, remaining, change));
  return taken;
}

/** Moves the lowest `units` of a block into the new state under its id; the rest becomes a new row in the old state. */
async function splitBlock(tx: Tx, block: VcuBlockRecord, units: bigint, change: repository.VcuBlockChange): Promise<VcuBlockRecord> {
  const serial = serialOf(block);
  const cut = block.blockStart + units - 1n;
  const taken = await repository.updateVcuBlock(tx, block.id, {
    ...change,
    blockEnd: cut,
    serialNumber: formatVerraSerial(serialForRange(serial, block.blockStart, cut)),
  });
  await repository.insertVcuBlock(tx, {
    tenantId: block.tenantId,
    companyId: block.companyId,
    importedBy: block.importedBy,
    registry: block.registry,
    projectId: block.projectId,
    serialNumber: formatVerraSerial(serialForRange(serial, cut + 1n, block.blockEnd)),
    blockStart: cut + 1n,
    blockEnd: block.blockEnd,
    vintageStart: block.vintageStart,
    vintageEnd: block.vintageEnd,
    issuanceDate: block.issuanceDate,
    verifier: block.verifier,
    status: block.status,
    registryReference: block.registryReference,
    mintReference: block.mintReference,
    mintAddress: block.mintAddress,
    retirementReference: block.retirementReference,
    splitFrom: block.id,
  });
  return taken;
}

function requirePositive(units: bigint): void {
  if (units <= 0n) throw AppError.validation({ units: ['Units must be a positive whole number'] });
}

/** Units of a company's imported VCUs still free to mint for a project (optionally one vintage year). */
export function availableUnits(tx: Tx, source: { registry: RegistryId; projectId: string; companyId: string; vintageYear?: number }): Promise<bigint> {
  return repository.sumUnits(tx, { status: 'available', ...source });
}

function vintageYearOf(block: { vintageStart: string }): number {
  return Number(block.vintageStart.slice(0, 4));
}

/** Issued blocks of a project that nobody holds yet (optionally one vintage year), lowest serials first. */
async function freeRegistryBlocks(registry: RegistryAdapter, projectId: string, vintageYear?: number) {
  const blocks = await registry.listVcuBlocks(projectId);
  return blocks
    .filter((block) => block.status === 'issued' && (vintageYear === undefined || vintageYearOf(block) === vintageYear))
    .map((block) => ({ ...block, blockStart: BigInt(block.blockStart), blockEnd: BigInt(block.blockEnd) }))
    .sort((a, b) => (a.blockStart < b.blockStart ? -1 : a.blockStart > b.blockStart ? 1 : 0));
}

/** Units the registry can still issue to anyone for a project (optionally one vintage year). */
export async function freeRegistryUnits(registry: RegistryAdapter, projectId: string, vintageYear?: number): Promise<bigint> {
  return (await freeRegistryBlocks(registry, projectId, vintageYear)).reduce((total, block) => total + unitsOf(block), 0n);
}

/**
 * Imports exactly `units` more of a project's free registry VCUs for the company (lowest
 * serials first, the last block split), so a mint can draw on the registry directly. Each
 * range goes through importVcuBlock: the exclusion constraint and the registry lock apply.
 */
export async function importFreeUnits(
  tx: Tx,
  registry: RegistryAdapter,
  actor: VcuImporter,
  source: { projectId: string; vintageYear?: number },
  units: bigint,
): Promise<VcuBlockRecord[]> {
  requirePositive(units);
  const imported: VcuBlockRecord[] = [];
  let missing = units;
  for (const block of await freeRegistryBlocks(registry, source.projectId, source.vintageYear)) {
    if (missing === 0n) break;
    const parsed = parseVerraSerial(block.serialNumber);
    if (!parsed.ok) continue;
    const take = unitsOf(block) < missing ? unitsOf(block) : missing;
    const range = serialForRange(parsed.serial, block.blockStart, block.blockStart + take - 1n);
    imported.push(await importVcuBlock(tx, registry, actor, formatVerraSerial(range)));
    missing -= take;
  }
  if (missing > 0n) {
    throw new AppError('REGISTRY__NOT_ENOUGH_FREE_UNITS', `The registry has ${units - missing} tCO2e free for this project; ${units} tCO2e more are needed.`, {
      fields: { quantity: [`At most ${units - missing} more tCO2e are free in the registry`] },
    });
  }
  return imported;
}

/**
 * Reserves `units` of available imported VCUs for a mint, lowest serials first, splitting
 * the last block when needed. Answers the reserved blocks (status reserved, mintReference set).
 * REGISTRY__INSUFFICIENT_UNITS (409) when fewer units are available; nothing changes then.
 */
export async function reserveUnits(tx: Tx, source: ReserveSource, units: bigint, mintReference: string): Promise<VcuBlockRecord[]> {
  requirePositive(units);
  const blocks = await repository.lockSelection(tx, 'blockIds' in source ? { status: 'available', ids: source.blockIds } : { status: 'available', ...source });
  const available = blocks.reduce((total, block) => total + unitsOf(block), 0n);
  if (available < units) {
    throw new AppError('REGISTRY__INSUFFICIENT_UNITS', `Only ${available} tCO2e of imported VCUs are available; ${units} tCO2e requested.`, {
      fields: { quantity: [`At most ${available} tCO2e are available`] },
    });
  }
  return takeLowest(tx, blocks, units, { status: 'reserved', mintReference });
}

/** The blocks reserved under a mint reference, locked: what a retried mint finds of its own earlier reservation. */
export function lockReservation(tx: Tx, mintReference: string): Promise<VcuBlockRecord[]> {
  return repository.lockSelection(tx, { status: 'reserved', mintReference });
}

/** Those of the chosen blocks that are still available, locked so that nothing else reserves them meanwhile. */
export function lockAvailableBlocks(tx: Tx, ids: readonly string[]): Promise<VcuBlockRecord[]> {
  return repository.lockSelection(tx, { status: 'available', ids });
}

/** The mint went through: its reserved blocks become tokenised under the mint address. */
export async function markTokenised(tx: Tx, mintReference: string, mintAddress: string): Promise<VcuBlockRecord[]> {
  return repository.updateSelection(tx, { status: 'reserved', mintReference }, { status: 'tokenised', mintAddress });
}

/** The mint failed for good: its reserved blocks become available again. */
export async function releaseReservation(tx: Tx, mintReference: string): Promise<VcuBlockRecord[]> {
  return repository.updateSelection(tx, { status: 'reserved', mintReference }, { status: 'available', mintReference: null });
}

/**
 * Tokens of a mint were burnt: retires `units` of its tokenised VCUs (lowest serials first,
 * splitting when needed) and retires each range in the registry, keeping its reference.
 */
export async function retireTokenisedUnits(
  tx: Tx,
  registry: RegistryAdapter,
  retirement: RetirementDetails & { mintAddress: string; units: bigint; companyId?: string },
): Promise<VcuBlockRecord[]> {
  requirePositive(retirement.units);
  const blocks = await repository.lockSelection(tx, {
    status: 'tokenised',
    mintAddress: retirement.mintAddress,
    registry: registry.id,
    companyId: retirement.companyId,
  });
  const tokenised = blocks.reduce((total, block) => total + unitsOf(block), 0n);
  if (tokenised < retirement.units) {
    throw new AppError(
      'REGISTRY__NOT_ENOUGH_TOKENISED_UNITS',
      `Only ${tokenised} tCO2e of this token's VCUs are not yet retired; ${retirement.units} tCO2e requested.`,
    );
  }
  const pieces = await takeLowest(tx, blocks, retirement.units, { status: 'retired' });
  const retired: VcuBlockRecord[] = [];
  for (const piece of pieces) {
    const { reference } = await registry.markRetired(serialOf(piece), { beneficiary: retirement.beneficiary, reason: retirement.reason });
    retired.push(await repository.updateVcuBlock(tx, piece.id, { retirementReference: reference }));
  }
  return retired;
}

/** Gives an imported, unused block back: unlocked in the registry and released here, so its range may be imported again. */
export async function releaseVcuBlock(tx: Tx, registry: RegistryAdapter, blockId: string): Promise<VcuBlockRecord> {
  const [block] = await repository.lockSelection(tx, { status: 'available', ids: [blockId], registry: registry.id });
  if (!block) throw AppError.notFound('Available VCU block');
  if (block.registryReference) await registry.unlockSerialRange(serialOf(block), block.registryReference);
  return repository.updateVcuBlock(tx, block.id, { status: 'released' });
}

/** What a registry reported about a block that was already retired there when it was imported. */
export interface RegistryRetirement {
  date: string;
  beneficiary: string;
  reason: string;
  details: string;
}

/**
 * Records a block the registry reports as already retired (a registry export's retired line):
 * status retired from the start, so no mint ever reserves it, and its range claimed under the
 * same exclusion constraint as an import, so nobody holds or tokenises it afterwards.
 */
export async function recordRetiredVcuBlock(
  tx: Tx,
  registryId: RegistryId,
  actor: VcuImporter,
  block: { serial: VerraSerial; issuanceDate: string; verifier: string; retirement: RegistryRetirement },
): Promise<VcuBlockRecord> {
  const { serial, retirement } = block;
  let recorded: VcuBlockRecord;
  try {
    recorded = await repository.insertVcuBlock(tx, {
      tenantId: actor.tenantId,
      companyId: actor.companyId,
      importedBy: actor.userId,
      registry: registryId,
      projectId: serial.projectId,
      serialNumber: formatVerraSerial(serial),
      blockStart: serial.blockStart,
      blockEnd: serial.blockEnd,
      vintageStart: serial.vintageStart,
      vintageEnd: serial.vintageEnd,
      issuanceDate: block.issuanceDate,
      verifier: block.verifier,
      status: 'retired',
      retiredOn: retirement.date,
      retirementBeneficiary: retirement.beneficiary || null,
      retirementReason: retirement.reason || null,
      retirementDetails: retirement.details || null,
    });
  } catch (error) {
    if (isDoubleTokenisation(error)) throw overlapConflict(error);
    throw error;
  }
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action: 'vcu.recorded_retired',
    resourceType: 'vcu_block',
    resourceId: recorded.id,
    details: { registry: registryId, serialNumber: recorded.serialNumber, units: unitsOf(recorded).toString(), retiredOn: retirement.date },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
    apiKey: actor.apiKey,
  });
  return recorded;
}

/** The tenant's live records of a registry project overlapping a serial range (every company's: the caller filters). */
export function liveBlocksOverlapping(
  tx: Tx,
  registryId: RegistryId,
  serial: Pick<VerraSerial, 'projectId' | 'blockStart' | 'blockEnd'>,
): Promise<VcuBlockRecord[]> {
  return repository.liveBlocksOverlapping(tx, registryId, serial.projectId, serial.blockStart, serial.blockEnd);
}
