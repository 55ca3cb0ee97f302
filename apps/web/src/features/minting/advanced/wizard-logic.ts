import { mintPreviewRequest, mintingTexts, type CarbonProject, type MintPreview, type Vcu } from '@carbonledger/contracts';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

/** docs/product.md §2/§4 Advanced mint wizard: select project, configure token, preview and fees, execute. */
export const WIZARD_STEPS = ['selectProject', 'configure', 'preview', 'execute'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

const PROJECT_ID = mintPreviewRequest.shape.projectId;

/** A ?projectId=<id> preselects that project and opens the token step; anything else starts at the project list. */
export function preselectedProjectId(search: URLSearchParams): string | null {
  const id = search.get('projectId');
  return id !== null && PROJECT_ID.safeParse(id).success ? id : null;
}

export function firstStep(preselected: string | null): WizardStep {
  return preselected ? 'configure' : 'selectProject';
}

/** What a mint draws on: the company's imported VCUs not yet reserved, and the registry's free ones (imported when minted). */
const MINTABLE: readonly Vcu['status'][] = ['available', 'not_imported'];

/** tCO2e a mint of the project can draw on, per vintage year, oldest first — the wizard's cap, as the server's preview counts it. */
export function mintableByVintage(vcus: readonly Vcu[], projectId: string): Map<number, bigint> {
  const totals = new Map<number, bigint>();
  for (const vcu of vcus) {
    if (vcu.projectId !== projectId || !MINTABLE.includes(vcu.status)) continue;
    const year = Number(vcu.vintageStart.slice(0, 4));
    totals.set(year, (totals.get(year) ?? 0n) + BigInt(vcu.amount));
  }
  return new Map([...totals].sort(([a], [b]) => a - b));
}

/** The server's default too: the oldest vintage that still has units. */
export function defaultVintage(byVintage: ReadonlyMap<number, bigint>): number | null {
  for (const [year, units] of byVintage) if (units > 0n) return year;
  return null;
}

/**
 * The token form: the contract's preview payload without the project (chosen in step 1),
 * an empty logo URL meaning none, and the quantity capped at what the chosen vintage has.
 */
export function tokenFormSchema(maxQuantity: bigint | null) {
  return mintPreviewRequest
    .omit({ projectId: true })
    .extend({
      description: z
        .string()
        .max(500)
        .transform((text) => text.trim() || undefined),
      logoUrl: z
        .literal('')
        .transform(() => undefined)
        .or(mintPreviewRequest.shape.logoUrl.unwrap()),
    })
    .superRefine((form, context) => {
      if (maxQuantity !== null && form.quantity > maxQuantity)
        context.addIssue({ code: 'custom', path: ['quantity'], message: mintingTexts.quantityUnavailable });
    });
}
export type TokenFormInput = z.input<ReturnType<typeof tokenFormSchema>>;
export type TokenFormOutput = z.output<ReturnType<typeof tokenFormSchema>>;

/** Token name and symbol proposed from the project and vintage; null when the name gives no usable symbol. */
export function suggestTokenConfig(project: Pick<CarbonProject, 'name'>, vintage: number | null): { tokenName: string; symbol: string } | null {
  const suffix = vintage === null ? '' : String(vintage).slice(-2);
  const initials = project.name
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Za-z0-9]/g, '').charAt(0))
    .join('')
    .toUpperCase()
    .slice(0, 10 - suffix.length);
  if (!/[A-Z]/.test(initials)) return null;
  const name = vintage === null ? project.name : `${project.name} ${vintage}`;
  return { tokenName: name.length <= 32 ? name : `${project.name.slice(0, 32 - suffix.length - 1).trim()} ${suffix}`.trim(), symbol: `${initials}${suffix}` };
}

/**
 * docs/product.md §5: execution needs a connected wallet and a reviewed (and valid) preview; otherwise
 * docs/product.md gives the text. Null means the Execute button may be pressed.
 */
export function executeBlocker(state: { walletConnected: boolean; preview: Pick<MintPreview, 'valid'> | null; reviewed: boolean }): string | null {
  if (!state.walletConnected || !state.preview || !state.reviewed) return mintingTexts.cannotExecute;
  if (!state.preview.valid) return mintingTexts.validationFailed;
  return null;
}

/**
 * One Idempotency-Key per reviewed preview, reused when Execute is retried: after a lost answer
 * or a 5xx the server replays the stored result or runs the same mint again, never a second one.
 * A 409 CONFLICT (the mint was still processing) is stored for its key and would be replayed
 * forever, so the retry after it takes a new key; the preview itself still admits one mint only.
 */
export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()) {
  const keys = new Map<string, string>();
  return {
    keyFor(previewId: string): string {
      const existing = keys.get(previewId);
      if (existing) return existing;
      const key = newKey();
      keys.set(previewId, key);
      return key;
    },
    failed(previewId: string, error: unknown): void {
      if (error instanceof ApiError && error.status === 409 && error.code === 'CONFLICT') keys.delete(previewId);
    },
  };
}
