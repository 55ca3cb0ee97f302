import type { ActivityFilters, Language } from '@carbonledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchApiFile, saveFile } from '../../../lib/api-file';

/** docs/product.md §2: the server writes the CSV of the filters on screen, in the reader's language. */
export async function exportActivity({ filters, language }: { filters: ActivityFilters; language: Language }): Promise<void> {
  const query = new URLSearchParams({ lang: language });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, String(value));
  const file = await fetchApiFile(`/team/activity/export?${query.toString()}`);
  saveFile(file, `activity-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.csv`);
}

export function useExportActivity() {
  return useMutation({ mutationFn: exportActivity, retry: false });
}
