import { z } from 'zod';
import { canAccess, type Role } from './roles';

/** docs/product.md §3 Data export and §9: what can be exported, and in which file formats. */
export const DATA_EXPORT_TYPES = ['users', 'transactions', 'compliance', 'audit_logs', 'all'] as const;
export const dataExportTypeSchema = z.enum(DATA_EXPORT_TYPES);
export type DataExportType = z.infer<typeof dataExportTypeSchema>;

export const DATA_EXPORT_FORMATS = ['json', 'csv', 'xml'] as const;
export const dataExportFormatSchema = z.enum(DATA_EXPORT_FORMATS);
export type DataExportFormat = z.infer<typeof dataExportFormatSchema>;

/** The single types an export of `all` is made of, in file order. */
export const DATA_EXPORT_SECTIONS = ['users', 'transactions', 'compliance', 'audit_logs'] as const satisfies readonly DataExportType[];
export type DataExportSection = (typeof DATA_EXPORT_SECTIONS)[number];

/** How long a finished file stays downloadable (docs/product.md §3 Data export "retention days"). */
export const DATA_EXPORT_RETENTION_DAYS = { min: 1, max: 30, default: 7 } as const;

/**
 * docs/product.md §6: an export holds what its reader could read on the screens, so each type
 * needs the permission its screen needs (users: the team list; audit logs: the audit trail;
 * compliance: the company's compliance data). `all` needs every one of them.
 */
export const DATA_EXPORT_PERMISSIONS = {
  users: 'users:read',
  transactions: 'transactions:read',
  compliance: 'company:read',
  audit_logs: 'audit:read',
} as const satisfies Record<DataExportSection, string>;

export function canExport(role: Role, permissions: readonly string[], type: DataExportType): boolean {
  const sections = type === 'all' ? DATA_EXPORT_SECTIONS : [type];
  return sections.every((section) => {
    const [resource, action] = DATA_EXPORT_PERMISSIONS[section].split(':') as [string, string];
    return canAccess(role, permissions, resource, action);
  });
}

export const createDataExportRequest = z.object({
  type: dataExportTypeSchema,
  format: dataExportFormatSchema,
  retentionDays: z.number().int().min(DATA_EXPORT_RETENTION_DAYS.min).max(DATA_EXPORT_RETENTION_DAYS.max).default(DATA_EXPORT_RETENTION_DAYS.default),
});
export type CreateDataExportRequest = z.input<typeof createDataExportRequest>;
/** The request as the API reads it (retention days filled in). */
export type DataExportRequest = z.output<typeof createDataExportRequest>;

export const dataExportStatusSchema = z.enum(['queued', 'running', 'completed', 'failed']);
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

export const dataExportSchema = z.object({
  id: z.uuid(),
  type: dataExportTypeSchema,
  format: dataExportFormatSchema,
  status: dataExportStatusSchema,
  /** Percent of the sections written (a single type: 0 until it is done). */
  progress: z.number().int().min(0).max(100),
  /** Records written so far. */
  rows: z.number().int().nonnegative(),
  /** Bytes of the finished file. */
  sizeBytes: z.number().int().nonnegative().nullable(),
  fileName: z.string(),
  retentionDays: z.number().int(),
  /** null: the whole tenant's data (a platform administrator's export). */
  companyId: z.uuid().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** When the file is deleted (retention days after completion). */
  expiresAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportListSchema = z.object({ items: z.array(dataExportSchema) });
export type DataExportList = z.infer<typeof dataExportListSchema>;

export const dataExportIdParams = z.object({ id: z.uuid() });

/** data_export_update: an export moved (queued, progress, done, failed, deleted), to the user who asked for it. */
export const dataExportUpdatePayload = dataExportSchema.extend({ deleted: z.boolean() });
export type DataExportUpdatePayload = z.infer<typeof dataExportUpdatePayload>;

/** Texts a user reads (docs/product.md §3 Data export). */
export const dataExportTexts = {
  queued: 'The export was queued.',
  deleted: 'The export was deleted.',
  notReady: 'The export is not ready to download.',
  notAllowed: 'You may not export this data.',
  failed: 'The export could not be written.',
} as const;
