import type { Vcu } from '@carbonledger/contracts';

export interface VcuFilters {
  projectId: string;
  vintage: string;
}

export const ALL = '';

export function filterVcus(vcus: readonly Vcu[], filters: VcuFilters): Vcu[] {
  return vcus.filter(
    (vcu) => (filters.projectId === ALL || vcu.projectId === filters.projectId) && (filters.vintage === ALL || vcu.vintage === filters.vintage),
  );
}

/** Projects and vintages present in the list, for the filters. */
export function filterOptions(vcus: readonly Vcu[]) {
  const projects = new Map<string, string>();
  const vintages = new Set<string>();
  for (const vcu of vcus) {
    projects.set(vcu.projectId, vcu.projectName);
    vintages.add(vcu.vintage);
  }
  return {
    projects: [...projects].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    vintages: [...vintages].sort(),
  };
}

export interface ProjectShare {
  projectId: string;
  projectName: string;
  vintage: string;
  count: number;
  amount: bigint;
}

export interface BatchSummary {
  count: number;
  /** tCO2e: 1 unit = 1 tCO2e; a bigint, blocks can be large. */
  total: bigint;
  /** One line per project and vintage: each becomes one token mint. */
  byProject: ProjectShare[];
}

export function summariseBatch(selected: readonly Vcu[]): BatchSummary {
  const shares = new Map<string, ProjectShare>();
  let total = 0n;
  for (const vcu of selected) {
    const amount = BigInt(vcu.amount);
    total += amount;
    const key = `${vcu.projectId}:${vcu.vintage}`;
    const share = shares.get(key) ?? { projectId: vcu.projectId, projectName: vcu.projectName, vintage: vcu.vintage, count: 0, amount: 0n };
    share.count += 1;
    share.amount += amount;
    shares.set(key, share);
  }
  const byProject = [...shares.values()].sort((a, b) => a.projectName.localeCompare(b.projectName) || a.vintage.localeCompare(b.vintage));
  return { count: selected.length, total, byProject };
}

/** What the Idempotency-Key stands for: the same blocks to the same wallet. */
export function selectionSignature(blockIds: readonly string[], walletId: string): string {
  return `${[...blockIds].sort().join(',')}>${walletId}`;
}
