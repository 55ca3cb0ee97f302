import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { KycStatus } from '../../db/schema';
import { approvalsDepsOf, type ApprovalsDeps } from '../approvals';
import { complianceDepsOf, followKycStatus } from '../compliance';
import { embeddedContentStore, type ContentStore } from '../files';
import type { NotificationPublisher } from '../notifications';
import type { RealtimeGateway } from '../realtime';
import { createKycSealer, type KycSealer } from './kyc.sealing';

/** A company's KYC/AML status moved (after commit): what the compliance controls react to. */
export interface KycStatusChange {
  tenantId: string;
  companyId: string;
  from: KycStatus;
  to: KycStatus;
  actorUserId: string;
}

/** What the KYC services need from the app: the database, the sealing key, the file store, the socket gateway and who hears of status changes. */
export interface KycDeps {
  db: Database;
  sealer: KycSealer;
  store: ContentStore;
  live: Pick<RealtimeGateway, 'emitToCompany'> & NotificationPublisher;
  statusChanged: (change: KycStatusChange) => Promise<void>;
  /** The approval engine a decision waits for where the delegation matrix has kyc_decision levels. */
  approvals: ApprovalsDeps;
}

export function kycDepsOf(app: FastifyInstance): KycDeps {
  return {
    db: app.db,
    sealer: createKycSealer(app.masterKey),
    store: embeddedContentStore(app.config.dataDir),
    live: app.live,
    // Token-level KYC: the company's token accounts are frozen or thawed on chain with its status (modules/compliance).
    statusChanged: (change) => followKycStatus(complianceDepsOf(app), change),
    approvals: approvalsDepsOf(app),
  };
}
