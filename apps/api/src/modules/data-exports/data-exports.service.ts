import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DATA_EXPORT_SECTIONS,
  SERVER_EVENTS,
  canExport,
  dataExportTexts,
  type AuditAction,
  type DataExport,
  type DataExportFormat,
  type DataExportRequest,
} from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit';
import type { RealtimeGateway } from '../realtime';
import { writeExport } from './data-exports.format';
import * as repository from './data-exports.repository';
import { exportSection, type ExportSourceDeps } from './data-exports.sources';

/**
 * docs/product.md §3 Data export: a user asks for a file of one type of data in one format; the
 * data-exports.run job writes it to DATA_DIR/exports (a file per export, written as it is read:
 * the content-addressed store of modules/files takes whole byte arrays, which a large export
 * must never be), progress goes to the requester live, the file is downloadable for the
 * retention days chosen, and the sweep deletes it then. Requests, downloads and deletions are audited.
 */
export interface DataExportDeps extends ExportSourceDeps {
  db: Database;
  /** DATA_DIR/exports. */
  directory: string;
  live: Pick<RealtimeGateway, 'emitToUser'>;
  enqueue: (job: { tenantId: string; exportId: string }) => Promise<void>;
}

/** The requester's list shows this many of their exports. */
const LIST_LIMIT = 100;
const DAY_MS = 86_400_000;

export const CONTENT_TYPES: Record<DataExportFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

const fileOf = (deps: Pick<DataExportDeps, 'directory'>, row: repository.DataExportRow) => path.join(deps.directory, `${row.id}.${row.format}`);

export function fileNameOf(row: repository.DataExportRow): string {
  return `carbonledger-${row.type.replace('_', '-')}-${row.createdAt.toISOString().slice(0, 10)}.${row.format}`;
}

export function toDataExport(row: repository.DataExportRow): DataExport {
  return {
    id: row.id,
    type: row.type,
    format: row.format,
    status: row.status,
    progress: row.progress,
    rows: row.rowCount,
    sizeBytes: row.sizeBytes,
    fileName: fileNameOf(row),
    retentionDays: row.retentionDays,
    companyId: row.companyId,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

function emit(deps: Pick<DataExportDeps, 'live'>, row: repository.DataExportRow): void {
  deps.live.emitToUser(row.requestedBy, SERVER_EVENTS.dataExportUpdate, { ...toDataExport(row), deleted: row.deletedAt !== null });
}

const auditOf = (actor: Actor, action: AuditAction, row: repository.DataExportRow) => ({
  tenantId: actor.tenantId,
  actorUserId: actor.userId,
  action,
  resourceType: 'data_export',
  resourceId: row.id,
  details: { type: row.type, format: row.format, companyId: row.companyId, retentionDays: row.retentionDays },
  ip: actor.ip,
  requestId: actor.requestId,
});

/** POST /data-exports: checks the §6 permissions of every type the export holds, records and queues it. */
export async function requestDataExport(deps: DataExportDeps, actor: Actor, permissions: readonly string[], request: DataExportRequest): Promise<DataExport> {
  if (!canExport(actor.role, permissions, request.type)) throw new AppError('DATA_EXPORT__NOT_ALLOWED');
  const row = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const created = await repository.insertExport(tx, {
      tenantId: actor.tenantId,
      companyId: companyScopeOf(actor) ?? null,
      requestedBy: actor.userId,
      requestedRole: actor.role,
      type: request.type,
      format: request.format,
      retentionDays: request.retentionDays,
    });
    await recordAudit(tx, auditOf(actor, 'data_export.requested', created));
    return created;
  });
  await deps.enqueue({ tenantId: actor.tenantId, exportId: row.id });
  emit(deps, row);
  return toDataExport(row);
}

export async function listDataExports(deps: DataExportDeps, actor: Actor): Promise<DataExport[]> {
  const rows = await deps.db.withTenant(actor.tenantId, (tx) => repository.listOwnExports(tx, actor.userId, LIST_LIMIT));
  return rows.map(toDataExport);
}

async function ownExport(deps: DataExportDeps, actor: Actor, id: string): Promise<repository.DataExportRow> {
  const row = await deps.db.withTenant(actor.tenantId, (tx) => repository.findOwnExport(tx, id, actor.userId));
  if (!row || row.deletedAt) throw AppError.notFound('Export');
  return row;
}

export async function getDataExport(deps: DataExportDeps, actor: Actor, id: string): Promise<DataExport> {
  return toDataExport(await ownExport(deps, actor, id));
}

/**
 * The finished file as a stream, audited. The §6 permissions are checked again: a user who
 * lost one since the request no longer reads the data.
 */
export async function downloadDataExport(
  deps: DataExportDeps,
  actor: Actor,
  permissions: readonly string[],
  id: string,
): Promise<{ export: DataExport; contentType: string; body: Readable }> {
  const row = await ownExport(deps, actor, id);
  if (!canExport(actor.role, permissions, row.type)) throw new AppError('DATA_EXPORT__NOT_ALLOWED');
  if (row.status !== 'completed') throw new AppError('DATA_EXPORT__NOT_READY');
  const file = fileOf(deps, row);
  if (!(await stat(file).catch(() => null))) throw new AppError('DATA_EXPORT__NOT_READY');
  await deps.db.withTenant(actor.tenantId, (tx) => recordAudit(tx, auditOf(actor, 'data_export.downloaded', row)));
  return { export: toDataExport(row), contentType: CONTENT_TYPES[row.format], body: createReadStream(file) };
}

/** DELETE /data-exports/:id: the file goes at once (a running export stops writing), the record stays, audited. */
export async function deleteDataExport(deps: DataExportDeps, actor: Actor, id: string): Promise<void> {
  const row = await ownExport(deps, actor, id);
  const deleted = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const updated = await repository.updateExport(tx, row.id, { deletedAt: new Date() });
    await recordAudit(tx, auditOf(actor, 'data_export.deleted', row));
    return updated!;
  });
  await rm(fileOf(deps, row), { force: true });
  emit(deps, deleted);
}

/**
 * The data-exports.run job: writes the file under a temporary name and renames it into place
 * when whole. Safe to run twice: a finished or deleted export is left alone, an interrupted one
 * (a worker killed mid-file, its job retried by pg-boss or sent again at start) is written again
 * from the start. A failed one stays failed: the user asks again.
 */
export async function runDataExport(deps: DataExportDeps, job: { tenantId: string; exportId: string }): Promise<void> {
  const row = await deps.db.withTenant(job.tenantId, (tx) => repository.findExport(tx, job.exportId));
  if (!row || row.deletedAt || row.status === 'completed' || row.status === 'failed') return;
  const update = async (changes: Partial<repository.NewDataExportRow>) => {
    const updated = await deps.db.withTenant(job.tenantId, (tx) => repository.updateExport(tx, row.id, changes));
    if (updated) emit(deps, updated);
    return updated;
  };
  await update({ status: 'running', progress: 0, rowCount: 0, error: null });
  // The requester with the role the request was made with: a company user's export reads their
  // company (row.companyId), a platform administrator's the tenant.
  const companyId = row.companyId ?? (await deps.db.withTenant(row.tenantId, (tx) => repository.companyOfUser(tx, row.requestedBy)));
  if (!companyId) throw AppError.notFound('User');
  const reader: Actor = { tenantId: row.tenantId, companyId, userId: row.requestedBy, role: row.requestedRole };
  const sectionNames = row.type === 'all' ? DATA_EXPORT_SECTIONS : [row.type];
  const sections = sectionNames.map((name) => exportSection(deps, reader, name));
  await mkdir(deps.directory, { recursive: true });
  const target = fileOf(deps, row);
  const temporary = `${target}.${process.pid}.tmp`;
  const output = createWriteStream(temporary);
  let rows = 0;
  try {
    await writeExport(
      row.type,
      row.format,
      sections,
      async (text) => {
        if (!output.write(text)) await once(output, 'drain');
      },
      async (section, count) => {
        rows += count;
        await update({ rowCount: rows, progress: Math.floor((section * 100) / sections.length) });
      },
    );
    output.end();
    await once(output, 'finish');
    await rename(temporary, target);
    const { size } = await stat(target);
    const completedAt = new Date();
    const done = await update({
      status: 'completed',
      progress: 100,
      rowCount: rows,
      sizeBytes: size,
      completedAt,
      expiresAt: new Date(completedAt.getTime() + row.retentionDays * DAY_MS),
    });
    // Deleted while it was written: the file goes too.
    if (done?.deletedAt) await rm(target, { force: true });
  } catch (error) {
    output.destroy();
    await rm(temporary, { force: true });
    await update({ status: 'failed', error: dataExportTexts.failed });
    throw error;
  }
}

/** The retention sweep: every tenant's exports past their days lose their file; the record stays, audited as the platform's deletion. */
export async function sweepExpiredExports(deps: Pick<DataExportDeps, 'db' | 'directory' | 'live'>, now = new Date()): Promise<number> {
  const expired = await deps.db.asSystem((tx) => repository.expiredExports(tx, now));
  for (const row of expired) {
    await rm(fileOf(deps, row), { force: true });
    const deleted = await deps.db.withTenant(row.tenantId, async (tx) => {
      const updated = await repository.updateExport(tx, row.id, { deletedAt: now });
      await recordAudit(tx, {
        tenantId: row.tenantId,
        action: 'data_export.expired',
        resourceType: 'data_export',
        resourceId: row.id,
        details: { type: row.type, format: row.format, retentionDays: row.retentionDays },
      });
      return updated!;
    });
    emit(deps, deleted);
  }
  return expired.length;
}
