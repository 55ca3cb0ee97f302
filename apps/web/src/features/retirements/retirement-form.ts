import {
  createRetirementRequest,
  retirementLocationSchema,
  retirementTexts,
  type CreateRetirementRequest,
  type PortfolioHolding,
} from '@carbonledger/contracts';
import { z } from 'zod';

/** A holding is one token in one company wallet: the option value names both. */
export function holdingKey(holding: Pick<PortfolioHolding, 'mint' | 'walletAddress'>): string {
  return `${holding.mint}:${holding.walletAddress}`;
}

/** Whole tCO2e held (1 token = 1 tCO2e; base units divided by 10^decimals, rounded down). */
export function heldTonnes(holding: Pick<PortfolioHolding, 'heldAmount' | 'decimals'>): bigint {
  return BigInt(holding.heldAmount) / 10n ** BigInt(holding.decimals);
}

const requestShape = createRetirementRequest.shape;

/** What the form edits; text inputs stay strings until the request is built. */
export interface RetirementFormValues {
  companyId: string;
  holding: string;
  amount: string;
  /** One of RETIREMENT_REASONS once chosen. */
  reason: string;
  country: string;
  subdivision: string;
  memo: string;
  beneficiaryName: string;
  schedule: boolean;
  /** <input type="datetime-local"> value, in the browser's time zone. */
  executeAt: string;
}

export const EMPTY_RETIREMENT_FORM: RetirementFormValues = {
  companyId: '',
  holding: '',
  amount: '',
  reason: '',
  country: '',
  subdivision: '',
  memo: '',
  beneficiaryName: '',
  schedule: false,
  executeAt: '',
};

/**
 * The form's rules: the contract's fields, plus what only the form knows: the amount is at most
 * what the chosen holding holds, and a scheduled retirement needs an execute-at time in the future.
 */
export function retirementFormSchema(holdings: readonly PortfolioHolding[], now: () => Date = () => new Date()) {
  return z
    .object({
      companyId: requestShape.companyId,
      holding: z.string().min(1),
      amount: z
        .string()
        .trim()
        .transform((value, context) => {
          const parsed = requestShape.amount.safeParse(value);
          if (!parsed.success) context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'invalid amount' });
          return parsed.success ? parsed.data : z.NEVER;
        }),
      reason: z.string().pipe(requestShape.reason),
      country: z.string().trim().toUpperCase().min(1),
      subdivision: z.string().trim().toUpperCase(),
      memo: z.string().trim().max(120),
      beneficiaryName: requestShape.beneficiaryName,
      schedule: z.boolean(),
      executeAt: z.string(),
    })
    .superRefine((values, context) => {
      const holding = holdings.find((candidate) => holdingKey(candidate) === values.holding);
      // The selected company changed and its holdings no longer include the chosen one.
      if (!holding) context.addIssue({ code: 'custom', path: ['holding'], message: 'not a holding of the company' });
      else if (values.amount > heldTonnes(holding)) context.addIssue({ code: 'custom', path: ['amount'], message: retirementTexts.insufficientTokens });
      const location = retirementLocationSchema.safeParse({ country: values.country, subdivision: values.subdivision || undefined });
      for (const issue of location.success ? [] : location.error.issues)
        context.addIssue({ code: 'custom', path: [issue.path[0] === 'subdivision' ? 'subdivision' : 'country'], message: issue.message });
      if (values.schedule) {
        const at = new Date(values.executeAt);
        if (values.executeAt === '' || Number.isNaN(at.getTime()) || at.getTime() <= now().getTime()) {
          context.addIssue({ code: 'custom', path: ['executeAt'], message: retirementTexts.scheduleInPast });
        }
      }
    });
}

export type RetirementFormOutput = z.output<ReturnType<typeof retirementFormSchema>>;

/** The POST body: the chosen holding's token and wallet, the schedule only when toggled on. */
export function toCreateRequest(values: RetirementFormOutput, holding: Pick<PortfolioHolding, 'mint' | 'walletAddress'>): CreateRetirementRequest {
  return {
    companyId: values.companyId,
    walletAddress: holding.walletAddress,
    tokenMint: holding.mint,
    amount: values.amount.toString(),
    reason: values.reason,
    location: { country: values.country, ...(values.subdivision ? { subdivision: values.subdivision } : {}) },
    ...(values.memo ? { memo: values.memo } : {}),
    beneficiaryName: values.beneficiaryName,
    ...(values.schedule ? { scheduledFor: new Date(values.executeAt).toISOString() } : {}),
  };
}
