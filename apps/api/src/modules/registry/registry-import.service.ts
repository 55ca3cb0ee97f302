import { createHash } from 'node:crypto';
import {
  formatVerraSerial,
  parseVerraSerial,
  registryIntegrationTexts,
  registryTexts,
  sameIssuance,
  type RegistryCompanyQuery,
  type RegistryImport,
  type RegistryImportRow,
  type RegistryImportRowProblem,
  type RegistryImportSummary,
} from '@carbonledger/contracts';
import type { Database, Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { actsTenantWide, companyScopeOf } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import type { RegistryAdapter, RegistryProvider } from './registry.adapter';
import * as repository from './registry-integration.repository';
import { coversRange } from './ranges';
import { mirrorInSandbox } from './sandbox-import';
import { importVcuBlock, liveBlocksOverlapping, recordRetiredVcuBlock, unitsOf, type VcuImporter } from './vcu-blocks.service';
import { readVerraCsv, type VerraCsvEntry } from './verra-csv';

export interface RegistryIntegrationDeps {
  db: Database;
  registry: RegistryProvider;
}

export interface CsvUpload {
  bytes: Buffer;
  originalName: string | null;
}

const RECENT_IMPORTS = 50;

/** A line the registry side refused, with the reason the report shows. */
class LineRefused extends Error {
  constructor(
    readonly problem: RegistryImportRowProblem,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The company an import, sync or list is for: an administrator may name any company of the
 * tenant, everyone else acts for their own (another company's id answers 404, as if absent).
 */
export async function targetCompany(tx: Tx, actor: Actor, query: RegistryCompanyQuery): Promise<string> {
  if (!query.companyId || query.companyId === actor.companyId) return actor.companyId;
  if (!actsTenantWide(actor) || !(await repository.companyExists(tx, query.companyId))) throw AppError.notFound('Company');
  return query.companyId;
}

function overlapping(registry: RegistryAdapter, entry: VerraCsvEntry) {
  return registry
    .listVcuBlocks(entry.serial.projectId)
    .then((blocks) =>
      blocks
        .map((block) => ({ ...block, blockStart: BigInt(block.blockStart), blockEnd: BigInt(block.blockEnd) }))
        .filter((block) => block.blockStart <= entry.serial.blockEnd && block.blockEnd >= entry.serial.blockStart),
    );
}

/**
 * A retired line: the registry must hold the range as retired. The sandbox mirrors the export,
 * so a range it still lists as issued is retired there now; a remote registry is never changed
 * on the word of a file, and one that disagrees refuses the line.
 */
async function requireRetiredInRegistry(registry: RegistryAdapter, importer: VcuImporter, entry: VerraCsvEntry): Promise<string> {
  const blocks = await overlapping(registry, entry);
  if (!coversRange(blocks, entry.serial.blockStart, entry.serial.blockEnd)) throw new LineRefused('registry_refused', registryTexts.blockNotFound);
  if (
    !blocks.every((block) => {
      const parsed = parseVerraSerial(block.serialNumber);
      return parsed.ok && sameIssuance(parsed.serial, entry.serial);
    })
  ) {
    throw new LineRefused('registry_refused', registryTexts.issuanceMismatch);
  }
  if (blocks.some((block) => block.status !== 'retired')) {
    if (registry.id !== 'sandbox' || !blocks.every((block) => block.status === 'issued'))
      throw new LineRefused('registry_refused', 'The registry does not report this serial range as retired');
    await registry.lockSerialRange(entry.serial, importer.tenantId);
    await registry.markRetired(entry.serial, { beneficiary: entry.retirement!.beneficiary, reason: entry.retirement!.reason });
  }
  return blocks[0]!.verifier;
}

/** One line inside its own savepoint: what it did, or a LineRefused / AppError that undoes only this line. */
async function importLine(
  tx: Tx,
  registry: RegistryAdapter,
  importer: VcuImporter,
  entry: VerraCsvEntry,
): Promise<{ outcome: 'imported' | 'retired' | 'unchanged'; vcuBlockId: string; projectCreated: boolean }> {
  const { serial } = entry;
  let projectCreated = false;
  if (registry.id === 'sandbox') projectCreated = (await mirrorInSandbox(tx, importer.tenantId, entry)).projectCreated;
  else if (!(await registry.getProject(serial.projectId))) throw new LineRefused('project_not_found', registryTexts.projectNotFound);

  const held = await liveBlocksOverlapping(tx, registry.id, serial);
  if (held.length > 0) {
    // The same line imported before (maybe split since by mints): nothing to change.
    const sameHolding =
      held.every((block) => block.companyId === importer.companyId) &&
      coversRange(held, serial.blockStart, serial.blockEnd) &&
      held[0]!.blockStart === serial.blockStart &&
      held.at(-1)!.blockEnd === serial.blockEnd &&
      (entry.retirement === null || held.every((block) => block.status === 'retired'));
    if (sameHolding) return { outcome: 'unchanged', vcuBlockId: held[0]!.id, projectCreated };
    throw new LineRefused('overlap', registryTexts.overlap);
  }

  if (entry.retirement === null) {
    const record = await importVcuBlock(tx, registry, importer, formatVerraSerial(serial));
    return { outcome: 'imported', vcuBlockId: record.id, projectCreated };
  }
  const verifier = await requireRetiredInRegistry(registry, importer, entry);
  const record = await recordRetiredVcuBlock(tx, registry.id, importer, { serial, issuanceDate: entry.issuanceDate, verifier, retirement: entry.retirement });
  return { outcome: 'retired', vcuBlockId: record.id, projectCreated };
}

function problemOf(error: AppError): RegistryImportRowProblem {
  if (error.is('REGISTRY__SERIAL_OVERLAP')) return 'overlap';
  return 'registry_refused';
}

function summaryOf(record: repository.RegistryImportListed): RegistryImportSummary {
  return {
    id: record.id,
    companyId: record.companyId,
    companyName: record.companyName,
    registry: record.registry,
    fileName: record.fileName,
    sha256: record.sha256,
    counts: {
      rows: record.rowCount,
      imported: record.imported,
      retired: record.retired,
      unchanged: record.unchanged,
      invalid: record.invalid,
      projectsCreated: record.projectsCreated,
      importedUnits: record.importedUnits,
    },
    importedBy: record.importedByName,
    createdAt: record.createdAt.toISOString(),
  };
}

function importOf(record: repository.RegistryImportListed): RegistryImport {
  return { ...summaryOf(record), rows: record.rows };
}

/** The file's name as the report shows it: no path, no control characters, at most 255 characters. */
function displayName(name: string | null): string | null {
  const base = name
    ?.split(/[\\/]/)
    .at(-1)
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is taken out
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return base ? base.slice(0, 255) : null;
}

/**
 * Imports a Verra registry CSV export for a company (docs/product.md §2 /registry): every line
 * becomes a VCU block of its holdings — available to mint, or recorded as already retired —
 * with its project created (sandbox) or matched. Each line runs in its own savepoint, so an
 * invalid line is reported by number and undoes only itself. Idempotent: a line whose range the
 * company already holds is "unchanged", and a range held by anyone else is refused by the
 * exclusion constraint of vcu_blocks, so no serial range is ever tokenised twice.
 */
export async function importRegistryCsv(deps: RegistryIntegrationDeps, actor: Actor, query: RegistryCompanyQuery, upload: CsvUpload): Promise<RegistryImport> {
  const lines = readVerraCsv(upload.bytes);
  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const companyId = await targetCompany(tx, actor, query);
    const importer: VcuImporter = { tenantId: actor.tenantId, companyId, userId: actor.userId, requestId: actor.requestId, ip: actor.ip };
    const registryId = deps.registry(tx).id;
    const rows: RegistryImportRow[] = [];
    let projectsCreated = 0;
    let importedUnits = 0n;
    for (const line of lines) {
      if (!line.ok) {
        rows.push({
          line: line.line,
          outcome: 'invalid',
          serialNumber: line.serialNumber,
          projectId: null,
          projectName: null,
          units: null,
          problem: line.problem,
          reason: line.reason,
          vcuBlockId: null,
        });
        continue;
      }
      const { entry } = line;
      const base = {
        line: line.line,
        serialNumber: formatVerraSerial(entry.serial),
        projectId: entry.serial.projectId,
        projectName: entry.projectName,
        units: unitsOf(entry.serial).toString(),
      };
      try {
        const result = await tx.transaction((savepoint) => importLine(savepoint, deps.registry(savepoint), importer, entry));
        if (result.projectCreated) projectsCreated += 1;
        if (result.outcome === 'imported') importedUnits += entry.units;
        rows.push({ ...base, outcome: result.outcome, problem: null, reason: null, vcuBlockId: result.vcuBlockId });
      } catch (error) {
        if (error instanceof LineRefused) rows.push({ ...base, outcome: 'invalid', problem: error.problem, reason: error.message, vcuBlockId: null });
        else if (error instanceof AppError && error.status < 500)
          rows.push({ ...base, outcome: 'invalid', problem: problemOf(error), reason: error.message, vcuBlockId: null });
        else throw error;
      }
    }
    const count = (outcome: RegistryImportRow['outcome']) => rows.filter((row) => row.outcome === outcome).length;
    const record = await repository.insertImport(tx, {
      tenantId: actor.tenantId,
      companyId,
      importedBy: actor.userId,
      registry: registryId,
      fileName: displayName(upload.originalName),
      sha256,
      rowCount: rows.length,
      imported: count('imported'),
      retired: count('retired'),
      unchanged: count('unchanged'),
      invalid: count('invalid'),
      projectsCreated,
      importedUnits: importedUnits.toString(),
      rows,
    });
    await repository.attachBlocksToImport(
      tx,
      record.id,
      rows.filter((row) => row.outcome === 'imported' || row.outcome === 'retired').map((row) => row.vcuBlockId!),
    );
    await recordAudit(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: 'registry.csv_imported',
      resourceType: 'registry_import',
      resourceId: record.id,
      details: {
        companyId,
        registry: registryId,
        fileName: record.fileName,
        sha256,
        rows: record.rowCount,
        imported: record.imported,
        retired: record.retired,
        unchanged: record.unchanged,
        invalid: record.invalid,
      },
      ip: actor.ip ?? null,
      requestId: actor.requestId ?? null,
    });
    const listed = await repository.findImport(tx, record.id);
    return importOf(listed!);
  });
}

/** The latest imports the actor may see: their company's, or an administrator's pick (every company's without one). */
export function recentRegistryImports(deps: RegistryIntegrationDeps, actor: Actor, query: RegistryCompanyQuery): Promise<RegistryImportSummary[]> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const companyId = query.companyId ? await targetCompany(tx, actor, query) : companyScopeOf(actor);
    return (await repository.recentImports(tx, companyId, RECENT_IMPORTS)).map(summaryOf);
  });
}

/** One import with its line report; another company's answers 404. */
export function registryImport(deps: RegistryIntegrationDeps, actor: Actor, id: string): Promise<RegistryImport> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const record = await repository.findImport(tx, id);
    const scope = companyScopeOf(actor);
    if (!record || (scope !== undefined && record.companyId !== scope)) throw new AppError('NOT_FOUND', registryIntegrationTexts.importNotFound);
    return importOf(record);
  });
}
