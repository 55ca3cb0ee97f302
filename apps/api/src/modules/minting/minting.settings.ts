import { DEFAULT_APPROVAL_LIMIT_TCO2E, DEFAULT_PRICES_USD_CENTS, type MintingSettings, type ProjectType } from '@carbonledger/contracts';
import type { z } from 'zod';
import type { updateMintingSettingsRequest } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { approvalThresholdOf, setApprovalThreshold } from '../approvals';
import { recordAudit } from '../audit';
import * as repository from './minting.repository';

/**
 * The tenant's approval limit and prices per tCO2e, the defaults filling what it never set. The
 * approval limit is where the delegation matrix's mint levels start (docs/approvals.md "Mint").
 */
export async function mintingSettingsOf(tx: Tx): Promise<MintingSettings> {
  const row = await repository.findSettings(tx);
  const threshold = await approvalThresholdOf(tx, 'mint');
  return {
    approvalLimit: (threshold ?? row?.approvalLimit ?? DEFAULT_APPROVAL_LIMIT_TCO2E).toString(),
    pricesUsdCents: { ...DEFAULT_PRICES_USD_CENTS, ...(row?.pricesUsdCents ?? {}) },
  };
}

export async function updateMintingSettings(tx: Tx, actor: Actor, change: z.output<typeof updateMintingSettingsRequest>): Promise<MintingSettings> {
  const current = await mintingSettingsOf(tx);
  const approvalLimit = change.approvalLimit ?? BigInt(current.approvalLimit);
  const pricesUsdCents = { ...current.pricesUsdCents, ...(change.pricesUsdCents ?? {}) } as Record<ProjectType, number>;
  await repository.upsertSettings(tx, { tenantId: actor.tenantId, approvalLimit, pricesUsdCents });
  await setApprovalThreshold(tx, actor, 'mint', approvalLimit);
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action: 'minting.settings_updated',
    resourceType: 'minting_settings',
    resourceId: actor.tenantId,
    details: { approvalLimit: approvalLimit.toString(), pricesUsdCents },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
  return mintingSettingsOf(tx);
}
