import type { z } from 'zod';
import {
  minorToMoney,
  purchaseTexts,
  type PurchaseAvailability,
  type PurchaseOrder,
  type PurchaseOrderList,
  type purchaseOrderListQuery,
} from '@carbonledger/contracts';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { mintingSettingsOf } from '../minting';
import { freeRegistryUnits } from '../registry';
import { requireOrder, toPurchaseOrder, viewOf, type PurchaseDeps } from './purchases.context';
import * as repository from './purchases.repository';

/** docs/product.md §2: the buyer's company's orders, or (platform administrators) every company's, newest first. */
export async function listOrders(deps: PurchaseDeps, actor: Actor, query: z.output<typeof purchaseOrderListQuery>): Promise<PurchaseOrderList> {
  const scope = companyScopeOf(actor);
  const rows = await deps.db.withTenant(actor.tenantId, (tx) => repository.listOrders(tx, { companyId: scope ?? query.companyId, status: query.status }));
  return { orders: rows.map(toPurchaseOrder) };
}

export async function getOrder(deps: PurchaseDeps, actor: Actor, id: string): Promise<PurchaseOrder> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireOrder(tx, actor, id);
    return viewOf(tx, id);
  });
}

/** What a buyer may still buy of a project, per vintage the project lists: the registry's free units and the price list's unit price (USD). */
export async function purchaseAvailability(deps: PurchaseDeps, actor: Actor, projectId: string): Promise<PurchaseAvailability> {
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const registry = deps.registry(tx);
    const project = await registry.getProject(projectId);
    if (!project) throw new AppError('NOT_FOUND', purchaseTexts.unknownProject, { fields: { projectId: [purchaseTexts.unknownProject] } });
    const unitPriceUsd = minorToMoney(BigInt((await mintingSettingsOf(tx)).pricesUsdCents[project.type] ?? 0));
    const vintages = [];
    for (const vintage of project.vintages)
      vintages.push({ vintage, available: (await freeRegistryUnits(registry, project.id, vintage)).toString(), unitPriceUsd });
    return { projectId: project.id, vintages };
  });
}
