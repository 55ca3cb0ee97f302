import type { Optimisation, RiskFactors } from '@carbonledger/contracts';
import type { Database } from '../../db/database';
import { companyScopeOf, type Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { complianceProfile, type ComplianceDeps } from '../compliance';
import { companyPortfolio, type PortfolioDeps } from '../portfolio';
import type { MarketState } from './market.analysis';
import { retireFirst } from './market.optimisation';
import { companyExists, walletStatuses } from './market.repository';
import { riskFactors } from './market.risk';

/** What the company widgets read: the holdings (portfolio), the compliance profile, the registry and the price analysis. */
export interface MarketCompanyDeps {
  db: Database;
  state: MarketState;
  portfolio: PortfolioDeps;
  compliance: ComplianceDeps;
}

/** The company asked for in the actor's scope: their own, or any of the tenant for administrators; another company's is 404. */
async function companyInScope(deps: MarketCompanyDeps, actor: Actor, companyId: string | undefined): Promise<string> {
  const scope = companyScopeOf(actor);
  const wanted = companyId ?? actor.companyId;
  const found = (!scope || wanted === scope) && (await deps.db.withTenant(actor.tenantId, (tx) => companyExists(tx, wanted)));
  if (!found) throw AppError.notFound('Company');
  return wanted;
}

async function walletsOf(deps: MarketCompanyDeps, actor: Actor, companyId: string) {
  const rows = await deps.db.withTenant(actor.tenantId, (tx) => walletStatuses(tx, companyId));
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** GET /market/risk. */
export async function companyRiskFactors(deps: MarketCompanyDeps, actor: Actor, companyId: string | undefined, today = new Date()): Promise<RiskFactors> {
  const company = await companyInScope(deps, actor, companyId);
  const portfolio = await companyPortfolio(deps.portfolio, actor.tenantId, company);
  const projectIds = [...new Set(portfolio.holdings.flatMap((holding) => (holding.projectId ? [holding.projectId] : [])))];
  const projects = await deps.db.withTenant(actor.tenantId, async (tx) => {
    const registry = deps.portfolio.registry(tx);
    const found = new Map<string, { country: string; registry: string }>();
    for (const id of projectIds) {
      const project = await registry.getProject(id);
      if (project) found.set(id, { country: project.country, registry: project.registry });
    }
    return found;
  });
  return riskFactors(company, {
    portfolio,
    projects,
    walletStatus: await walletsOf(deps, actor, company),
    compliance: await complianceProfile(deps.compliance, { actor, permissions: [] }, company),
    analysis: await deps.state.analysis(),
    today,
  });
}

/** GET /market/optimisation. */
export async function companyOptimisation(
  deps: MarketCompanyDeps,
  actor: Actor,
  companyId: string | undefined,
  target: number,
  today = new Date(),
): Promise<Optimisation> {
  const company = await companyInScope(deps, actor, companyId);
  const portfolio = await companyPortfolio(deps.portfolio, actor.tenantId, company);
  const status = await walletsOf(deps, actor, company);
  const usable = (holding: { frozen: boolean; walletId: string }) => !holding.frozen && ['approved', 'active'].includes(status.get(holding.walletId) ?? '');
  return retireFirst(company, portfolio.holdings, usable, BigInt(target), today);
}
