import { mintingTexts, type Vcu } from '@carbonledger/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  createIdempotencyKeys,
  defaultVintage,
  executeBlocker,
  firstStep,
  mintableByVintage,
  preselectedProjectId,
  suggestTokenConfig,
  tokenFormSchema,
} from './wizard-logic';

function vcu(projectId: string, year: number, amount: string, status: Vcu['status'] = 'available'): Vcu {
  return {
    id: crypto.randomUUID(),
    serialNumber: `16044-1-${amount}-VCS-VCU-262-VER-US-1-${projectId}-0101${year}-3112${year}-0`,
    registry: 'sandbox',
    projectId,
    projectName: 'Texas Panhandle Wind Energy',
    vintage: String(year),
    vintageStart: `${year}-01-01`,
    vintageEnd: `${year}-12-31`,
    amount,
    status,
    verification: { status: 'verified', verifier: 'SCS', issuanceDate: '2024-01-01', registryReference: null },
    mintAddress: null,
    createdAt: null,
  };
}

const FORM = {
  quantity: '250',
  tokenName: 'Texas Wind 2023',
  symbol: 'TPWE23',
  description: '',
  logoUrl: '',
  decimals: 0,
  vintage: 2023,
  walletId: crypto.randomUUID(),
};

describe('preselecting a project from the address', () => {
  it('opens the token step for ?projectId=<registry number>', () => {
    const id = preselectedProjectId(new URLSearchParams('projectId=3107'));
    expect(id).toBe('3107');
    expect(firstStep(id)).toBe('configure');
  });

  it('starts at the project list without it or with something that is no project id', () => {
    for (const search of ['', 'projectId=', 'projectId=abc', 'projectId=1;drop']) {
      const id = preselectedProjectId(new URLSearchParams(search));
      expect(id).toBeNull();
      expect(firstStep(id)).toBe('selectProject');
    }
  });
});

describe('the quantity cap', () => {
  const vcus = [
    vcu('3107', 2023, '600'),
    vcu('3107', 2022, '150'),
    vcu('3107', 2023, '400', 'not_imported'),
    vcu('3107', 2023, '999', 'reserved'),
    vcu('3107', 2023, '777', 'tokenised'),
    vcu('3107', 2022, '555', 'unavailable'),
    vcu('2250', 2023, '5000'),
  ];

  it("adds, per vintage and oldest first, the company's unreserved VCUs and the registry's free ones (the server imports those when minting)", () => {
    const byVintage = mintableByVintage(vcus, '3107');
    expect([...byVintage]).toEqual([
      [2022, 150n],
      [2023, 1000n],
    ]);
    expect(defaultVintage(byVintage)).toBe(2022);
    expect(defaultVintage(new Map())).toBeNull();
  });

  it('accepts up to the cap and refuses one tCO2e more with the specified text', () => {
    expect(tokenFormSchema(1000n).safeParse({ ...FORM, quantity: '1000' }).success).toBe(true);
    const above = tokenFormSchema(1000n).safeParse({ ...FORM, quantity: '1001' });
    expect(above.success).toBe(false);
    expect(above.error?.issues).toEqual([expect.objectContaining({ path: ['quantity'], message: mintingTexts.quantityUnavailable })]);
  });

  it('leaves the cap to the server while the available VCUs are unknown', () => {
    expect(tokenFormSchema(null).safeParse({ ...FORM, quantity: '999999' }).success).toBe(true);
  });

  it('keeps the contract rules: whole positive tCO2e, required name and symbol, an empty logo URL meaning none', () => {
    for (const quantity of ['0', '-5', '1.5', '', 'ten']) expect(tokenFormSchema(1000n).safeParse({ ...FORM, quantity }).success, quantity).toBe(false);
    expect(tokenFormSchema(1000n).safeParse({ ...FORM, tokenName: ' ' }).error?.issues[0]?.message).toBe(mintingTexts.fillRequired);
    expect(tokenFormSchema(1000n).safeParse({ ...FORM, symbol: 'TX-W' }).success).toBe(false);
    const parsed = tokenFormSchema(1000n).parse(FORM);
    expect(parsed).toMatchObject({ quantity: 250n, logoUrl: undefined, description: undefined });
    expect(tokenFormSchema(1000n).parse({ ...FORM, logoUrl: 'https://carbon.example.com/api/v1/files/bafkreia' }).logoUrl).toBe(
      'https://carbon.example.com/api/v1/files/bafkreia',
    );
    expect(tokenFormSchema(1000n).safeParse({ ...FORM, logoUrl: 'not a url' }).success).toBe(false);
  });
});

describe('the execute guard', () => {
  const valid = { valid: true };
  it('needs a connected wallet and a reviewed preview (docs/product.md §5)', () => {
    expect(executeBlocker({ walletConnected: false, preview: valid, reviewed: true })).toBe(mintingTexts.cannotExecute);
    expect(executeBlocker({ walletConnected: true, preview: null, reviewed: true })).toBe(mintingTexts.cannotExecute);
    expect(executeBlocker({ walletConnected: true, preview: valid, reviewed: false })).toBe(mintingTexts.cannotExecute);
    expect(executeBlocker({ walletConnected: true, preview: valid, reviewed: true })).toBeNull();
  });

  it('refuses a preview that failed validation', () => {
    expect(executeBlocker({ walletConnected: true, preview: { valid: false }, reviewed: true })).toBe(mintingTexts.validationFailed);
  });
});

describe('idempotency keys', () => {
  it('uses one key per preview and the same key again when Execute is retried after a lost answer or a server failure', () => {
    let counter = 0;
    const keys = createIdempotencyKeys(() => `key-${++counter}`);
    expect(keys.keyFor('preview-a')).toBe('key-1');
    keys.failed('preview-a', new ApiError('Minting failed. Please try again.', 503, 'SERVICE_UNAVAILABLE'));
    keys.failed('preview-a', new ApiError('Network error - please check your connection', 0, 'NETWORK_ERROR'));
    keys.failed('preview-a', new ApiError('A request with this Idempotency-Key is still being processed.', 409, 'IDEMPOTENCY_IN_FLIGHT'));
    expect(keys.keyFor('preview-a')).toBe('key-1');
    expect(keys.keyFor('preview-b')).toBe('key-2');
  });

  it('takes a new key after a stored 409 (the mint was still processing), which that key would replay forever', () => {
    let counter = 0;
    const keys = createIdempotencyKeys(() => `key-${++counter}`);
    keys.keyFor('preview-a');
    keys.failed('preview-a', new ApiError('This minting is already being processed.', 409, 'CONFLICT'));
    expect(keys.keyFor('preview-a')).toBe('key-2');
  });
});

describe('token name and symbol proposed from the project', () => {
  it('uses the project name with the vintage and its initials with the vintage year', () => {
    expect(suggestTokenConfig({ name: 'Texas Panhandle Wind Energy' }, 2023)).toEqual({ tokenName: 'Texas Panhandle Wind Energy 2023', symbol: 'TPWE23' });
    const long = suggestTokenConfig({ name: 'Rimba Raya Biodiversity Reserve REDD+ Project Central Kalimantan' }, 2019)!;
    expect(long.tokenName.length).toBeLessThanOrEqual(32);
    expect(long.symbol).toMatch(/^[A-Z0-9]{1,10}$/);
    expect(tokenFormSchema(null).safeParse({ ...FORM, ...long }).success).toBe(true);
  });

  it('gives nothing when the name has no letter to build a symbol from', () => {
    expect(suggestTokenConfig({ name: '—' }, 2023)).toBeNull();
  });
});
