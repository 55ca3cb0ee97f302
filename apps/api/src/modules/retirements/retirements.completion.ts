import { retirementTexts, type CarbonProject } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { certificateFactsHash } from '../../lib/certificate-facts';
import { issueCertificate } from '../certificates';
import { landedOnChain } from '../chain';
import { retireTokenisedUnits } from '../registry';
import { recordWebhookEvent } from '../webhooks';
import { factsOf } from './retirements.certificate';
import { audit, notifyCreator, publish, type RetirementDeps } from './retirements.context';
import * as repository from './retirements.repository';
import { tonnesOf } from './retirements.view';

interface RegistryOutcome {
  serialNumbers: string[];
  registryReference: string | null;
  error: string | null;
}

/** The registry's retirement of the burnt units: the company's tokenised serials of the mint, lowest first. */
async function reportToRegistry(deps: RetirementDeps, tx: Tx, row: repository.RetirementRow): Promise<RegistryOutcome> {
  try {
    const retired = await retireTokenisedUnits(tx, deps.registry(tx), {
      mintAddress: row.tokenMint,
      units: tonnesOf(row),
      companyId: row.companyId,
      beneficiary: row.beneficiaryName,
      reason: row.reason,
    });
    const references = [...new Set(retired.map((record) => record.retirementReference).filter((reference): reference is string => Boolean(reference)))];
    return { serialNumbers: retired.map((record) => record.serialNumber), registryReference: references.join(', ') || null, error: null };
  } catch (error) {
    // The burn is final on chain; a registry refusal (fewer tokenised serials than burnt) is recorded for reconciliation.
    if (error instanceof AppError && error.code === 'CONFLICT')
      return { serialNumbers: [], registryReference: null, error: `Registry not updated: ${error.message}` };
    throw error;
  }
}

/** The certificate of the locked retirement: its facts, the project's as the registry knows them, and the burn that proves it. */
async function certify(
  tx: Tx,
  locked: repository.RetirementRow,
  burn: repository.SubmissionRow,
  facts: { project: CarbonProject | null; certificateMint: string; registry: RegistryOutcome; issuedAt: Date },
) {
  const { project } = facts;
  await issueCertificate(tx, {
    tenantId: locked.tenantId,
    companyId: locked.companyId,
    retirementId: locked.id,
    number: locked.certificateNumber,
    mintAddress: facts.certificateMint,
    holderAddress: locked.walletAddress,
    amount: locked.amount,
    decimals: locked.decimals,
    tokenMint: locked.tokenMint,
    tokenSymbol: locked.tokenSymbol,
    projectId: locked.projectId,
    projectName: locked.projectName,
    developer: project?.developer ?? '',
    projectLocation: project?.location ?? '',
    methodology: project?.methodology ?? '',
    standard: project?.standard ?? '',
    vintage: locked.vintage,
    registry: locked.registry,
    registryReference: facts.registry.registryReference,
    serialNumbers: facts.registry.serialNumbers,
    beneficiaryName: locked.beneficiaryName,
    beneficiaryHash: locked.beneficiaryHash,
    reason: locked.reason,
    country: locked.country,
    subdivision: locked.subdivision,
    burnSignature: burn.signature!,
    certificateSignature: burn.signature!,
    metadataHash: certificateFactsHash(factsOf(locked, facts.certificateMint)),
    issuedAt: facts.issuedAt,
  });
}

/** retirement.completed and certificate.issued for webhooks and the event stream, in the completing transaction. */
async function announceCompletion(tx: Tx, row: repository.RetirementRow, certificateMint: string, issuedAt: Date): Promise<void> {
  const tonnes = tonnesOf(row).toString();
  await recordWebhookEvent(tx, {
    tenantId: row.tenantId,
    companyId: row.companyId,
    type: 'retirement.completed',
    data: {
      retirementId: row.id,
      companyId: row.companyId,
      tonnes,
      tokenMint: row.tokenMint,
      tokenSymbol: row.tokenSymbol,
      projectId: row.projectId,
      beneficiaryName: row.beneficiaryName,
      reason: row.reason,
      signature: row.signature ?? '',
      certificateNumber: row.certificateNumber,
      serialNumbers: row.serialNumbers,
    },
  });
  await recordWebhookEvent(tx, {
    tenantId: row.tenantId,
    companyId: row.companyId,
    type: 'certificate.issued',
    data: {
      certificateNumber: row.certificateNumber,
      retirementId: row.id,
      companyId: row.companyId,
      mintAddress: certificateMint,
      tonnes,
      projectName: row.projectName,
      beneficiaryName: row.beneficiaryName,
      issuedAt: issuedAt.toISOString(),
    },
  });
}

/**
 * The burn is confirmed: in one database transaction the registry retires the serials, the
 * certificate row is written (once: unique per retirement) and the retirement is completed.
 */
export async function completeRetirement(
  deps: RetirementDeps,
  row: repository.RetirementRow,
  burn: repository.SubmissionRow,
): Promise<repository.RetirementRow> {
  // The submission says confirmed; the chain must still say so (a crash can cost the chain what
  // the ledger recorded). If not, the retirement waits and the reconciliation pass reports it.
  if (!(await landedOnChain(deps.context.chain, burn.signature!))) return row;
  const recordedMint = burn.reference.certificateMint;
  const certificateMint = typeof recordedMint === 'string' ? recordedMint : String(row.certificateMint);
  const completed = await deps.context.db.withTenant(row.tenantId, async (tx) => {
    const locked = (await repository.findRetirementForUpdate(tx, row.id))!;
    if (locked.status === 'completed') return null;
    const project = await deps.registry(tx).getProject(locked.projectId);
    const registry = await reportToRegistry(deps, tx, locked);
    const issuedAt = burn.finishedAt ?? new Date();
    await certify(tx, locked, burn, { project, certificateMint, registry, issuedAt });
    const updated = await repository.updateRetirement(tx, locked.id, {
      status: 'completed',
      signature: burn.signature,
      transactionId: burn.id,
      certificateMint,
      registryReference: registry.registryReference,
      serialNumbers: registry.serialNumbers,
      error: registry.error,
      completedAt: issuedAt,
      runnerLeaseUntil: null,
    });
    await audit(tx, updated, 'retirement.completed', null, {
      signature: burn.signature,
      certificateNumber: locked.certificateNumber,
      certificateMint,
      serialNumbers: registry.serialNumbers,
    });
    await announceCompletion(tx, updated, certificateMint, issuedAt);
    return updated;
  });
  if (!completed) return (await deps.context.db.withTenant(row.tenantId, (tx) => repository.findRetirement(tx, row.id)))!;
  await notifyCreator(
    deps,
    completed,
    retirementTexts.completedTitle,
    `${tonnesOf(completed)} tCO2e of ${completed.projectName} retired. Certificate ${completed.certificateNumber}.`,
  );
  await publish(deps, completed.tenantId, completed.id);
  return completed;
}
