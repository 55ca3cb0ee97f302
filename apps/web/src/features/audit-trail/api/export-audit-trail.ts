import type { AuditTrailFilters, Language } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchApiFile, saveFile } from '../../../lib/api-file';

/** The server writes the CSV of the filters on screen, in the reader's language. */
export async function exportAuditTrail({ filters, language }: { filters: AuditTrailFilters; language: Language }): Promise<void> {
  const query = new URLSearchParams({ lang: language });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, String(value));
  const file = await fetchApiFile(`/audit/trail/export?${query.toString()}`);
  saveFile(file, `audit-trail-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.csv`);
}

export function useExportAuditTrail() {
  return useMutation({ mutationFn: exportAuditTrail, retry: false });
}
