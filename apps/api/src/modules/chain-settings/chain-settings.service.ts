import type { Address } from '@solana/kit';
import type { ChainClient } from '@carbonledger/chain';
import {
  DEFAULT_LOW_BALANCE_LAMPORTS,
  DEFAULT_PRIORITY_FEE_POLICY,
  DEFAULT_SLIPPAGE_BPS,
  PLATFORM_KEY_ROLES,
  blockchainSettingsTexts,
  type BlockchainSettings,
  type PlatformKeyBalance,
  type PriorityFeePolicy,
  type UpdateBlockchainSettingsRequest,
} from '@carbonledger/contracts';
import type { Database, Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import type { RequestOrigin } from '../../lib/request-origin';
import { recordAudit } from '../audit';
import { platformKeyAddresses, type ChainContext } from '../chain';
import { raiseSecurityAlert } from '../security';
import * as repository from './chain-settings.repository';

/** What the chain settings need from the app (built in the routes from its decorations). */
export interface ChainSettingsDeps {
  db: Database;
  chain: Pick<ChainClient, 'getBalance'>;
  keyring: ChainContext['keyring'];
  /** The deployment's configuration: shown, never changed by a tenant. */
  network: BlockchainSettings['network'];
}

interface TenantChainSettings {
  priorityFee: PriorityFeePolicy;
  slippageBps: number;
  lowBalanceLamports: bigint;
  lowBalanceAlerted: string[];
  updatedAt: Date | null;
}

/** The tenant's chain settings, the defaults filling what it never set. */
async function settingsOf(tx: Tx): Promise<TenantChainSettings> {
  const row = await repository.findSettings(tx);
  return {
    priorityFee: row?.priorityFee ?? DEFAULT_PRIORITY_FEE_POLICY,
    slippageBps: row?.slippageBps ?? DEFAULT_SLIPPAGE_BPS,
    lowBalanceLamports: row?.lowBalanceLamports ?? DEFAULT_LOW_BALANCE_LAMPORTS,
    lowBalanceAlerted: row?.lowBalanceAlerted ?? [],
    updatedAt: row?.updatedAt ?? null,
  };
}

/** The platform keys last seen below the low-balance threshold (the dashboard's alerts). */
export async function lowBalanceKeys(tx: Tx): Promise<string[]> {
  return (await settingsOf(tx)).lowBalanceAlerted;
}

/** The priority-fee policy the mint preview prices transactions with. */
export async function priorityFeePolicyOf(tx: Tx): Promise<PriorityFeePolicy> {
  return (await settingsOf(tx)).priorityFee;
}

/** How far (basis points) the price list may move between a quote and its confirmation before the confirmation is refused. */
export async function slippageToleranceOf(tx: Tx): Promise<number> {
  return (await settingsOf(tx)).slippageBps;
}

async function balanceOf(chain: ChainSettingsDeps['chain'], address: Address): Promise<bigint | null> {
  try {
    return await chain.getBalance(address);
  } catch {
    return null;
  }
}

/**
 * The settings as the Blockchain tab shows them, with the platform keys' balances. Reading them
 * is also when a low balance is alerted: a key that fell below the threshold raises one security
 * alert, and may raise another only after it was seen above the threshold again.
 */
export async function readBlockchainSettings(deps: ChainSettingsDeps, actor: Actor, origin: RequestOrigin): Promise<BlockchainSettings> {
  const { settings, addresses } = await deps.db.withTenant(actor.tenantId, async (tx) => ({
    settings: await settingsOf(tx),
    addresses: await platformKeyAddresses(deps.keyring, tx, actor.tenantId),
  }));
  const platformKeys: PlatformKeyBalance[] = [];
  for (const role of PLATFORM_KEY_ROLES) {
    const balance = await balanceOf(deps.chain, addresses[role]);
    platformKeys.push({ role, address: addresses[role], balance: balance?.toString() ?? null, low: balance !== null && balance < settings.lowBalanceLamports });
  }
  await alertLowBalances(deps, actor.tenantId, settings, platformKeys, origin);
  return {
    network: deps.network,
    priorityFee: settings.priorityFee,
    slippageToleranceBps: settings.slippageBps,
    lowBalanceThresholdLamports: settings.lowBalanceLamports.toString(),
    platformKeys,
    updatedAt: settings.updatedAt?.toISOString() ?? null,
  };
}

async function alertLowBalances(
  deps: ChainSettingsDeps,
  tenantId: string,
  settings: TenantChainSettings,
  keys: readonly PlatformKeyBalance[],
  origin: RequestOrigin,
): Promise<void> {
  const alerted = new Set(settings.lowBalanceAlerted);
  const fresh = keys.filter((key) => key.low && !alerted.has(key.address));
  for (const key of keys) if (key.balance !== null && !key.low) alerted.delete(key.address);
  for (const key of fresh) alerted.add(key.address);
  if (fresh.length === 0 && alerted.size === settings.lowBalanceAlerted.length) return;
  await deps.db.withTenant(tenantId, async (tx) => {
    for (const key of fresh) {
      await raiseSecurityAlert(tx, origin, {
        tenantId,
        kind: 'platform_key_low_balance',
        title: blockchainSettingsTexts.lowBalanceAlertTitle,
        description: `The platform ${key.role === 'issuer' ? 'issuer (fee payer)' : 'retirement delegate'} ${key.address} holds ${key.balance} lamports, below the ${settings.lowBalanceLamports} lamports threshold.`,
        severity: 'high',
      });
    }
    await repository.saveLowBalanceAlerted(tx, {
      tenantId,
      priorityFee: settings.priorityFee,
      slippageBps: settings.slippageBps,
      lowBalanceLamports: settings.lowBalanceLamports,
      lowBalanceAlerted: [...alerted],
    });
  });
}

/** Applies the change; each setting that really changes gets its own audit entry with the old and new value. */
export async function updateBlockchainSettings(deps: ChainSettingsDeps, actor: Actor, change: UpdateBlockchainSettingsRequest): Promise<void> {
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    const current = await settingsOf(tx);
    const next = {
      priorityFee: change.priorityFee ?? current.priorityFee,
      slippageBps: change.slippageToleranceBps ?? current.slippageBps,
      lowBalanceLamports: change.lowBalanceThresholdLamports === undefined ? current.lowBalanceLamports : BigInt(change.lowBalanceThresholdLamports),
    };
    const changes: { setting: string; from: unknown; to: unknown }[] = [];
    if (JSON.stringify(next.priorityFee) !== JSON.stringify(current.priorityFee))
      changes.push({ setting: 'priority_fee', from: current.priorityFee, to: next.priorityFee });
    if (next.slippageBps !== current.slippageBps) changes.push({ setting: 'slippage_tolerance_bps', from: current.slippageBps, to: next.slippageBps });
    if (next.lowBalanceLamports !== current.lowBalanceLamports) {
      changes.push({ setting: 'low_balance_threshold_lamports', from: current.lowBalanceLamports.toString(), to: next.lowBalanceLamports.toString() });
    }
    if (changes.length === 0) return;
    await repository.upsertSettings(tx, { tenantId: actor.tenantId, ...next, lowBalanceAlerted: current.lowBalanceAlerted, updatedBy: actor.userId });
    for (const entry of changes) {
      await recordAudit(tx, {
        tenantId: actor.tenantId,
        actorUserId: actor.userId,
        action: 'chain_settings.updated',
        resourceType: 'chain_settings',
        resourceId: actor.tenantId,
        details: entry,
        ip: actor.ip ?? null,
        requestId: actor.requestId ?? null,
      });
    }
  });
}
