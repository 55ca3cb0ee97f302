/*
 * Over 300 lines on purpose: the sentences of every audited action (AUDIT_ACTIONS) in English,
 * Portuguese and Spanish are data, kept in one table beside the code that tells them.
 */
import { z } from 'zod';
import type { AuditAction, AuditActionType, FormerAuditAction } from './audit-actions';
import { LANGUAGES, type Language } from './constants';
import { singleLineText } from './text';

/**
 * The team activity log (docs/product.md §2 `/team/activity`): the audit trail read as "who
 * did what, when, from where", each entry told as a sentence in the reader's language. The
 * sentences live here, not in the web's locale files, because the CSV export is written by the
 * API in the same language as the screen.
 */

/** A recorded value the sentences may name: details of an audit entry reduced to short scalars. */
export const activityParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type ActivityParams = z.infer<typeof activityParamsSchema>;

export const teamActivityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The audit action, e.g. `wallet.approved`: the sentence is chosen by it, never shown raw. */
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  /** Null for work the platform did on its own (scheduled retirements, chain steps). */
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  params: activityParamsSchema,
  ip: z.string().nullable(),
  /** Two-letter country when the edge proxy told it. */
  location: z.string().nullable(),
  /** "Chrome on Windows", from the user agent of the request that did it, when it was recorded. */
  device: z.string().nullable(),
});
export type TeamActivityEntry = z.infer<typeof teamActivityEntrySchema>;

/** A recorded value longer than this is cut: a sentence names an address or a title, not a document. */
const PARAM_MAX_LENGTH = 200;

/**
 * The details of an audit entry the sentences may name: top-level texts, numbers and flags (a
 * list of texts joined). Nested records (chain receipts, price tables) stay in the audit trail,
 * but for the API key a request acted with (`apiKey`, written by the API's recordAudit), whose
 * name and prefix follow the person in the sentence.
 */
export function activityParamsOf(details: unknown): ActivityParams {
  const record: unknown = typeof details === 'string' ? JSON.parse(details) : details;
  if (!record || typeof record !== 'object' || Array.isArray(record)) return {};
  const params: ActivityParams = {};
  for (const [key, value] of Object.entries(record as Record<string, unknown>)) {
    if (typeof value === 'string') params[key] = value.slice(0, PARAM_MAX_LENGTH);
    else if (typeof value === 'number' || typeof value === 'boolean') params[key] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) params[key] = value.join(', ').slice(0, PARAM_MAX_LENGTH);
  }
  const apiKey = (record as { apiKey?: unknown }).apiKey;
  if (apiKey && typeof apiKey === 'object') {
    const { name, keyPrefix } = apiKey as { name?: unknown; keyPrefix?: unknown };
    if (typeof name === 'string') params.apiKeyName = name.slice(0, PARAM_MAX_LENGTH);
    if (typeof keyPrefix === 'string') params.apiKeyPrefix = keyPrefix.slice(0, PARAM_MAX_LENGTH);
  }
  return params;
}

/** A day (YYYY-MM-DD, UTC) or an instant; `from` and `to` are both inclusive (a day `to` means its end). */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** The filters of the list and of the CSV export. */
export const activityFiltersSchema = z.object({
  /** Who acted. */
  userId: z.uuid().optional(),
  /** The first part of the action (`wallet`, `security`, …): the "action type" of the filter menu. */
  actionType: singleLineText()
    .trim()
    .regex(/^[a-z_]{1,40}$/, 'Unknown action type')
    .optional(),
  resourceType: singleLineText()
    .trim()
    .regex(/^[a-z_]{1,60}$/, 'Unknown resource type')
    .optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
});
export type ActivityFilters = z.infer<typeof activityFiltersSchema>;

export const activityListQuery = activityFiltersSchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ActivityListQuery = z.input<typeof activityListQuery>;

export const activityExportQuery = activityFiltersSchema.extend({ lang: z.enum(LANGUAGES).default('en') });
export type ActivityExportQuery = z.input<typeof activityExportQuery>;

export const activityListSchema = z.object({
  items: z.array(teamActivityEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityList = z.infer<typeof activityListSchema>;

/** What the filter menus offer: the people the reader may see, and the action and resource types recorded for them. */
export const activityFacetsSchema = z.object({
  users: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })),
  actionTypes: z.array(z.string()),
  resourceTypes: z.array(z.string()),
});
export type ActivityFacets = z.infer<typeof activityFacetsSchema>;

/** activity_update: somebody of this company (or the platform) did something; activity screens read again. */
export const activityUpdatePayload = z.object({ companyId: z.uuid().nullable() });
export type ActivityUpdatePayload = z.infer<typeof activityUpdatePayload>;

/** The export holds at most this many entries (newest first); narrower filters export older ones. */
export const ACTIVITY_EXPORT_MAX_ROWS = 100_000;

/**
 * One sentence per audit action in every language, a record over the actions so that none is
 * left to the generic sentence; `{name}` is filled from the entry (`actor`) or its params. The
 * team activity log and the audit trail show every action, so every action has its sentence.
 */
type SentencedAction = AuditAction | FormerAuditAction;
const SENTENCES: Record<Language, Readonly<Record<SentencedAction, string>>> = {
  en: {
    'auth.logout': '{actor} signed out',
    'user.profile_updated': '{actor} updated their profile',
    'user.photo_updated': '{actor} changed their profile photo',
    'user.photo_removed': '{actor} removed their profile photo',
    'security.login_succeeded': '{actor} signed in',
    'security.login_failed': 'Failed sign-in attempt for {email}',
    'security.account_locked': 'The account {email} was locked after repeated failed sign-ins',
    'security.account_unlocked': '{actor} unlocked the account {email}',
    'security.new_device_login': '{actor} signed in from a new device ({device})',
    'security.mfa_enabled': '{actor} turned on two-factor authentication',
    'security.mfa_disabled': '{actor} turned off two-factor authentication',
    'security.session_revoked': '{actor} ended a session ({reason})',
    'security.password_changed': '{actor} changed their password',
    'security.wallet_linked': '{actor} linked the wallet {walletAddress} to their account',
    'security.wallet_unlinked': '{actor} unlinked the wallet {walletAddress} from their account',
    'security.csrf_rejected': 'A request of {actor} was refused: its CSRF token was missing or wrong',
    'security.user_disabled': '{actor} disabled the account {email}',
    'security.alert_raised': 'Security alert raised: {title}',
    'security.alert_resolved': '{actor} resolved the security alert “{title}”',
    'wallet.registered': '{actor} registered the wallet {address}',
    'wallet.approved': '{actor} approved the wallet {address}',
    'wallet.rejected': '{actor} rejected the wallet {address}',
    'wallet.suspended': '{actor} suspended the wallet {address}',
    'wallet.revoked': '{actor} revoked the wallet {address}',
    'wallet.reactivated': '{actor} reactivated the wallet {address}',
    'wallet.activated': 'The wallet {address} was activated on chain',
    'wallet.primary_set': "{actor} made {address} the company's primary wallet",
    'wallet.removed': '{actor} removed the wallet {address}',
    'wallet.chain_failed': 'A chain step for the wallet {address} failed',
    'wallet.frozen_on_chain': 'The token accounts of the wallet {address} were frozen on chain',
    'wallet.verification_prepared': '{actor} prepared the ownership check of the wallet {address}',
    'mint.batch_created': '{actor} started a batch mint of {vcuCount} VCU blocks',
    'mint.batch_completed': 'A batch mint of {vcuCount} VCU blocks completed',
    'mint.completed': '{actor} minted {quantity} tCO2e',
    'mint.failed': 'A mint of {actor} failed',
    'mint.approval_requested': '{actor} asked for approval to mint {credits} tCO2e',
    'mint.approved': '{actor} approved a mint of {credits} tCO2e',
    'minting.settings_updated': '{actor} changed the minting settings',
    'transaction.submitted': '{actor} submitted a signed transaction',
    'retirement.created': '{actor} requested the retirement of {amount} tCO2e',
    'retirement.schedule_requested': '{actor} scheduled the retirement of {amount} tCO2e',
    'retirement.cancelled': '{actor} cancelled the retirement of {amount} tCO2e',
    'retirement.execution_started': 'The scheduled retirement of {amount} tCO2e started',
    'retirement.completed': 'The retirement of {amount} tCO2e completed (certificate {certificateNumber})',
    'retirement.failed': 'The retirement of {amount} tCO2e failed',
    'vcu.imported': '{actor} imported {units} VCUs ({serialNumber})',
    'vcu.recorded_retired': '{actor} recorded {units} VCUs already retired in the registry ({serialNumber})',
    'registry.csv_imported': '{actor} imported a registry export: {imported} blocks imported, {retired} retired, {invalid} refused',
    'registry.sync_started': '{actor} started a registry sync of {holdings} holdings',
    'company.kyc_status_set': "{actor} set the company's KYC status to {to}",
    'user.created': '{actor} created the account {email}',
    'user.invitation_resent': '{actor} sent an invitation again',
    'user.invitation_accepted': '{actor} accepted their invitation',
    'user.password_reset_requested': 'A password reset link was requested by e-mail',
    'user.status_changed': "{actor} changed an account's status from {from} to {to}",
    'company.created': '{actor} onboarded the company {name}',
    'company.updated': "{actor} updated the company's details ({fields})",
    'tenant.created': '{actor} created the tenant {name}',
    'tenant.branding_updated': "{actor} changed the tenant's theme and branding",
    'custom_role.created': '{actor} created the custom role “{name}”',
    'custom_role.updated': '{actor} changed the custom role “{name}”',
    'custom_role.deleted': '{actor} deleted the custom role “{name}”',
    'custom_role.assigned': '{actor} gave a user the custom role “{name}”',
    'offset_request.created': '{actor} asked to retire {quantity} tCO2e on behalf of {beneficiaryName}',
    'offset_request.retirement_started': 'The approved offset of {quantity} tCO2e for {beneficiaryName} went to retirement',
    'offset_request.rejected': 'The offset request of {quantity} tCO2e for {beneficiaryName} was rejected',
    'offset_request.failed': 'The offset request of {quantity} tCO2e for {beneficiaryName} failed',
    'offset_request.withdrawn': '{actor} withdrew the offset request of {quantity} tCO2e for {beneficiaryName}',
    'kyc.decision_requested': '{actor} sent a KYC/AML decision for approval',
    'custom_role.unassigned': '{actor} took the custom role “{name}” away from a user',
    'mint.rejected': '{actor} rejected a mint; {releasedBlocks} reserved VCU blocks were released',
    'retirement.approved': '{actor} approved the retirement of {amount} tCO2e',
    'retirement.rejected': '{actor} rejected the retirement of {amount} tCO2e ({reason})',
    'kyc.case_started': '{actor} started a KYC/AML case',
    'kyc.case_saved': '{actor} saved a step of the KYC/AML case',
    'kyc.case_submitted': '{actor} submitted the KYC/AML case for review with {documents} documents',
    'kyc.document_uploaded': '{actor} uploaded a KYC/AML document ({documentType})',
    'kyc.document_removed': '{actor} removed a KYC/AML document ({documentType})',
    'kyc.document_reviewed': '{actor} reviewed a KYC/AML document ({documentType})',
    'kyc.review_updated': '{actor} updated the KYC/AML review (score {score})',
    'kyc.approved': '{actor} approved the KYC/AML case',
    'kyc.rejected': '{actor} rejected the KYC/AML case ({reason})',
    'kyc.information_requested': '{actor} asked for more information on the KYC/AML case ({reason})',
    'compliance.limits_updated': "{actor} changed the company's KYC tier and transaction limits",
    'compliance.token_accounts_frozen': "The token accounts of the company's wallets were frozen on chain (KYC status {kycStatus})",
    'compliance.token_accounts_thawed': "The token accounts of the company's wallets were unfrozen on chain (KYC status {kycStatus})",
    'compliance.token_accounts_failed': "Freezing or unfreezing the company's token accounts on chain failed: {error}",
    'approval.requested': '{actor} asked for approval ({operationType})',
    'approval.level_approved': '{actor} approved level {level} of an approval request ({operationType})',
    'approval.approved': '{actor} gave the final approval of a request ({operationType})',
    'approval.rejected': '{actor} rejected an approval request ({operationType})',
    'approval.delegated': '{actor} delegated an approval request ({operationType})',
    'approval.escalated': 'An approval request ({operationType}) waited too long at level {level} and was escalated',
    'approvals.matrix_updated': '{actor} changed the approval levels of {operationType} (version {version})',
    'purchase.quoted': '{actor} asked for a quote of {quantity} tCO2e of {projectName}, vintage {vintage}: {total} {currency}',
    'purchase.reserved': '{actor} reserved {quantity} tCO2e of {projectName}, vintage {vintage} for the wallet {walletAddress}',
    'purchase.invoiced': '{actor} ordered {quantity} tCO2e of {projectName}, vintage {vintage}, invoiced as {invoiceNumber} ({total} {currency})',
    'purchase.paid': 'The order of {quantity} tCO2e of {projectName}, vintage {vintage} was paid (invoice {invoiceNumber})',
    'purchase.delivered': 'The order of {quantity} tCO2e of {projectName}, vintage {vintage} was delivered on chain ({serialNumbers})',
    'purchase.delivery_blocked': 'The delivery of the order of {quantity} tCO2e of {projectName}, vintage {vintage} is blocked: {error}',
    'purchase.expired': 'The order of {quantity} tCO2e of {projectName}, vintage {vintage} expired unpaid and its credits were released',
    'purchase.cancelled': '{actor} cancelled the order of {quantity} tCO2e of {projectName}, vintage {vintage}',
    'invoice.created': '{actor} created the invoice {number} ({totalAmount} {currency})',
    'invoice.updated': '{actor} updated the invoice {number} (total {totalAmount} {currency})',
    'invoice.issued': '{actor} issued the invoice {number} for {totalAmount} {currency}',
    'invoice.cancelled': '{actor} cancelled the invoice {number}',
    'invoice.deleted': '{actor} deleted the invoice {number}',
    'invoice.payment_recorded': '{actor} recorded a payment of {amount} {currency} on the invoice {number}; {balanceDue} {currency} still due',
    'invoice.paid': '{actor} recorded a payment of {amount} {currency} that settled the invoice {number}',
    'invoice.overdue': 'The invoice {number} is overdue (due on {dueDate})',
    'invoice.line_accrued': '{tonnes} tCO2e were billed on the invoice {number}, now {totalAmount} {currency}',
    'financial_reconciliation.resolved': '{actor} resolved a financial reconciliation mismatch ({kind}): {note}',
    'reconciliation.assigned': '{actor} assigned a reconciliation discrepancy ({type})',
    'reconciliation.resolved': '{actor} resolved a reconciliation discrepancy ({type}): {reason}',
    'reconciliation.still_open': '{actor} tried to resolve a reconciliation discrepancy ({type}), but the recheck still disagrees',
    'reconciliation.resolution_refused': 'A resolution of {actor} for a reconciliation discrepancy ({type}) was refused',
    'reconciliation.sync_requested': '{actor} asked for approval to resolve a reconciliation discrepancy ({type}): {reason}',
    'reconciliation.sync_rejected': '{actor} rejected the resolution of a reconciliation discrepancy ({type})',
    'reconciliation.sync_failed': 'The approved resolution of a reconciliation discrepancy ({type}) failed: {error}',
    'api_key.created': '{actor} created the API key “{name}” ({keyPrefix}…)',
    'api_key.rotated': '{actor} rotated the API key “{name}” (was {previousKeyPrefix}…, now {keyPrefix}…)',
    'api_key.revoked': '{actor} revoked the API key “{name}” ({keyPrefix}…)',
    'webhook.created': '{actor} added the webhook {url}',
    'webhook.updated': '{actor} changed the webhook {url}',
    'webhook.enabled': '{actor} turned on the webhook {url}',
    'webhook.disabled': '{actor} turned off the webhook {url}',
    'webhook.deleted': '{actor} deleted the webhook {url}',
    'webhook.secret_rotated': '{actor} rotated the signing secret of the webhook {url}',
    'webhook.test_sent': '{actor} sent a test event to the webhook {url}',
    'webhook.redelivered': '{actor} sent an event to the webhook {url} again',
    'data_export.requested': '{actor} requested a data export ({type}, {format})',
    'data_export.downloaded': '{actor} downloaded a data export ({type}, {format})',
    'data_export.deleted': '{actor} deleted a data export ({type}, {format})',
    'data_export.expired': 'A data export ({type}, {format}) was deleted after its {retentionDays} days of retention',
    'dashboard_layout.updated': '{actor} rearranged their dashboard',
    'dashboard_layout.reset': '{actor} reset their dashboard to the default layout',
    'notification_preferences.updated': '{actor} changed their notification preferences',
    'chain_settings.updated': '{actor} changed a blockchain setting ({setting})',
    'job.retried': '{actor} retried a job of the {queue} queue',
    'job.cancelled': '{actor} cancelled a job of the {queue} queue',
    'job_queue.paused': '{actor} paused the {queue} job queue',
    'job_queue.resumed': '{actor} resumed the {queue} job queue',
    'cache.key_deleted': '{actor} deleted the cache key {key}',
    'cache.pattern_deleted': '{actor} deleted {deleted} cache keys matching {pattern}',
  },
  pt: {
    'auth.logout': '{actor} saiu',
    'user.profile_updated': '{actor} atualizou seu perfil',
    'user.photo_updated': '{actor} alterou sua foto de perfil',
    'user.photo_removed': '{actor} removeu sua foto de perfil',
    'security.login_succeeded': '{actor} fez login',
    'security.login_failed': 'Tentativa de login malsucedida para {email}',
    'security.account_locked': 'A conta {email} foi bloqueada após várias tentativas de login malsucedidas',
    'security.account_unlocked': '{actor} desbloqueou a conta {email}',
    'security.new_device_login': '{actor} fez login a partir de um novo dispositivo ({device})',
    'security.mfa_enabled': '{actor} ativou a autenticação de dois fatores',
    'security.mfa_disabled': '{actor} desativou a autenticação de dois fatores',
    'security.session_revoked': '{actor} encerrou uma sessão ({reason})',
    'security.password_changed': '{actor} alterou sua senha',
    'security.wallet_linked': '{actor} vinculou a carteira {walletAddress} à sua conta',
    'security.wallet_unlinked': '{actor} desvinculou a carteira {walletAddress} da sua conta',
    'security.csrf_rejected': 'Uma requisição de {actor} foi recusada: o token CSRF faltava ou estava errado',
    'security.user_disabled': '{actor} desativou a conta {email}',
    'security.alert_raised': 'Alerta de segurança: {title}',
    'security.alert_resolved': '{actor} resolveu o alerta de segurança “{title}”',
    'wallet.registered': '{actor} registrou a carteira {address}',
    'wallet.approved': '{actor} aprovou a carteira {address}',
    'wallet.rejected': '{actor} rejeitou a carteira {address}',
    'wallet.suspended': '{actor} suspendeu a carteira {address}',
    'wallet.revoked': '{actor} revogou a carteira {address}',
    'wallet.reactivated': '{actor} reativou a carteira {address}',
    'wallet.activated': 'A carteira {address} foi ativada na blockchain',
    'wallet.primary_set': '{actor} tornou {address} a carteira principal da empresa',
    'wallet.removed': '{actor} removeu a carteira {address}',
    'wallet.chain_failed': 'Um passo na blockchain para a carteira {address} falhou',
    'wallet.frozen_on_chain': 'As contas de tokens da carteira {address} foram congeladas na blockchain',
    'wallet.verification_prepared': '{actor} preparou a verificação de posse da carteira {address}',
    'mint.batch_created': '{actor} iniciou uma emissão em lote de {vcuCount} blocos de VCU',
    'mint.batch_completed': 'Uma emissão em lote de {vcuCount} blocos de VCU terminou',
    'mint.completed': '{actor} emitiu {quantity} tCO2e',
    'mint.failed': 'Uma emissão de {actor} falhou',
    'mint.approval_requested': '{actor} pediu aprovação para emitir {credits} tCO2e',
    'mint.approved': '{actor} aprovou uma emissão de {credits} tCO2e',
    'minting.settings_updated': '{actor} alterou as configurações de emissão',
    'transaction.submitted': '{actor} enviou uma transação assinada',
    'retirement.created': '{actor} pediu a aposentadoria de {amount} tCO2e',
    'retirement.schedule_requested': '{actor} agendou a aposentadoria de {amount} tCO2e',
    'retirement.cancelled': '{actor} cancelou a aposentadoria de {amount} tCO2e',
    'retirement.execution_started': 'A aposentadoria agendada de {amount} tCO2e começou',
    'retirement.completed': 'A aposentadoria de {amount} tCO2e foi concluída (certificado {certificateNumber})',
    'retirement.failed': 'A aposentadoria de {amount} tCO2e falhou',
    'vcu.imported': '{actor} importou {units} VCUs ({serialNumber})',
    'vcu.recorded_retired': '{actor} registrou {units} VCUs já aposentadas no registro ({serialNumber})',
    'registry.csv_imported': '{actor} importou uma exportação do registro: {imported} blocos importados, {retired} aposentados, {invalid} recusados',
    'registry.sync_started': '{actor} iniciou uma sincronização do registro de {holdings} posições',
    'company.kyc_status_set': '{actor} definiu o estado KYC da empresa como {to}',
    'user.created': '{actor} criou a conta {email}',
    'user.invitation_resent': '{actor} reenviou um convite',
    'user.invitation_accepted': '{actor} aceitou o seu convite',
    'user.password_reset_requested': 'Foi pedido por e-mail um link para redefinir a senha',
    'user.status_changed': '{actor} mudou o estado de uma conta de {from} para {to}',
    'company.created': '{actor} cadastrou a empresa {name}',
    'company.updated': '{actor} atualizou os dados da empresa ({fields})',
    'tenant.created': '{actor} criou o tenant {name}',
    'tenant.branding_updated': '{actor} alterou o tema e a identidade visual do tenant',
    'custom_role.created': '{actor} criou o papel personalizado “{name}”',
    'custom_role.updated': '{actor} alterou o papel personalizado “{name}”',
    'custom_role.deleted': '{actor} excluiu o papel personalizado “{name}”',
    'custom_role.assigned': '{actor} atribuiu a um usuário o papel personalizado “{name}”',
    'offset_request.created': '{actor} pediu a aposentadoria de {quantity} tCO2e em nome de {beneficiaryName}',
    'offset_request.retirement_started': 'A compensação aprovada de {quantity} tCO2e para {beneficiaryName} foi enviada para aposentadoria',
    'offset_request.rejected': 'O pedido de compensação de {quantity} tCO2e para {beneficiaryName} foi rejeitado',
    'offset_request.failed': 'O pedido de compensação de {quantity} tCO2e para {beneficiaryName} falhou',
    'offset_request.withdrawn': '{actor} retirou o pedido de compensação de {quantity} tCO2e para {beneficiaryName}',
    'kyc.decision_requested': '{actor} enviou uma decisão de KYC/AML para aprovação',
    'custom_role.unassigned': '{actor} retirou de um usuário o papel personalizado “{name}”',
    'mint.rejected': '{actor} rejeitou uma emissão; {releasedBlocks} blocos de VCU reservados foram liberados',
    'retirement.approved': '{actor} aprovou a aposentadoria de {amount} tCO2e',
    'retirement.rejected': '{actor} rejeitou a aposentadoria de {amount} tCO2e ({reason})',
    'kyc.case_started': '{actor} iniciou um processo de KYC/AML',
    'kyc.case_saved': '{actor} salvou uma etapa do processo de KYC/AML',
    'kyc.case_submitted': '{actor} enviou o processo de KYC/AML para análise com {documents} documentos',
    'kyc.document_uploaded': '{actor} enviou um documento de KYC/AML ({documentType})',
    'kyc.document_removed': '{actor} removeu um documento de KYC/AML ({documentType})',
    'kyc.document_reviewed': '{actor} analisou um documento de KYC/AML ({documentType})',
    'kyc.review_updated': '{actor} atualizou a análise de KYC/AML (pontuação {score})',
    'kyc.approved': '{actor} aprovou o processo de KYC/AML',
    'kyc.rejected': '{actor} rejeitou o processo de KYC/AML ({reason})',
    'kyc.information_requested': '{actor} pediu mais informações no processo de KYC/AML ({reason})',
    'compliance.limits_updated': '{actor} alterou o nível de KYC e os limites de transação da empresa',
    'compliance.token_accounts_frozen': 'As contas de tokens das carteiras da empresa foram congeladas na blockchain (estado KYC {kycStatus})',
    'compliance.token_accounts_thawed': 'As contas de tokens das carteiras da empresa foram descongeladas na blockchain (estado KYC {kycStatus})',
    'compliance.token_accounts_failed': 'O congelamento ou descongelamento das contas de tokens da empresa na blockchain falhou: {error}',
    'approval.requested': '{actor} pediu uma aprovação ({operationType})',
    'approval.level_approved': '{actor} aprovou o nível {level} de um pedido de aprovação ({operationType})',
    'approval.approved': '{actor} deu a aprovação final de um pedido ({operationType})',
    'approval.rejected': '{actor} rejeitou um pedido de aprovação ({operationType})',
    'approval.delegated': '{actor} delegou um pedido de aprovação ({operationType})',
    'approval.escalated': 'Um pedido de aprovação ({operationType}) esperou demais no nível {level} e foi escalado',
    'approvals.matrix_updated': '{actor} alterou os níveis de aprovação de {operationType} (versão {version})',
    'purchase.quoted': '{actor} pediu uma cotação de {quantity} tCO2e de {projectName}, safra {vintage}: {total} {currency}',
    'purchase.reserved': '{actor} reservou {quantity} tCO2e de {projectName}, safra {vintage} para a carteira {walletAddress}',
    'purchase.invoiced': '{actor} encomendou {quantity} tCO2e de {projectName}, safra {vintage}, faturados como {invoiceNumber} ({total} {currency})',
    'purchase.paid': 'O pedido de {quantity} tCO2e de {projectName}, safra {vintage} foi pago (fatura {invoiceNumber})',
    'purchase.delivered': 'O pedido de {quantity} tCO2e de {projectName}, safra {vintage} foi entregue na blockchain ({serialNumbers})',
    'purchase.delivery_blocked': 'A entrega do pedido de {quantity} tCO2e de {projectName}, safra {vintage} está bloqueada: {error}',
    'purchase.expired': 'O pedido de {quantity} tCO2e de {projectName}, safra {vintage} expirou sem pagamento e seus créditos foram liberados',
    'purchase.cancelled': '{actor} cancelou o pedido de {quantity} tCO2e de {projectName}, safra {vintage}',
    'invoice.created': '{actor} criou a fatura {number} ({totalAmount} {currency})',
    'invoice.updated': '{actor} atualizou a fatura {number} (total {totalAmount} {currency})',
    'invoice.issued': '{actor} emitiu a fatura {number} de {totalAmount} {currency}',
    'invoice.cancelled': '{actor} cancelou a fatura {number}',
    'invoice.deleted': '{actor} excluiu a fatura {number}',
    'invoice.payment_recorded': '{actor} registrou um pagamento de {amount} {currency} na fatura {number}; faltam {balanceDue} {currency}',
    'invoice.paid': '{actor} registrou um pagamento de {amount} {currency} que quitou a fatura {number}',
    'invoice.overdue': 'A fatura {number} está vencida (vencimento em {dueDate})',
    'invoice.line_accrued': '{tonnes} tCO2e foram cobradas na fatura {number}, agora de {totalAmount} {currency}',
    'financial_reconciliation.resolved': '{actor} resolveu uma divergência da conciliação financeira ({kind}): {note}',
    'reconciliation.assigned': '{actor} atribuiu uma discrepância de conciliação ({type})',
    'reconciliation.resolved': '{actor} resolveu uma discrepância de conciliação ({type}): {reason}',
    'reconciliation.still_open': '{actor} tentou resolver uma discrepância de conciliação ({type}), mas a nova verificação ainda diverge',
    'reconciliation.resolution_refused': 'Uma resolução de {actor} para uma discrepância de conciliação ({type}) foi recusada',
    'reconciliation.sync_requested': '{actor} pediu aprovação para resolver uma discrepância de conciliação ({type}): {reason}',
    'reconciliation.sync_rejected': '{actor} rejeitou a resolução de uma discrepância de conciliação ({type})',
    'reconciliation.sync_failed': 'A resolução aprovada de uma discrepância de conciliação ({type}) falhou: {error}',
    'api_key.created': '{actor} criou a chave de API “{name}” ({keyPrefix}…)',
    'api_key.rotated': '{actor} renovou a chave de API “{name}” (era {previousKeyPrefix}…, agora {keyPrefix}…)',
    'api_key.revoked': '{actor} revogou a chave de API “{name}” ({keyPrefix}…)',
    'webhook.created': '{actor} adicionou o webhook {url}',
    'webhook.updated': '{actor} alterou o webhook {url}',
    'webhook.enabled': '{actor} ativou o webhook {url}',
    'webhook.disabled': '{actor} desativou o webhook {url}',
    'webhook.deleted': '{actor} excluiu o webhook {url}',
    'webhook.secret_rotated': '{actor} renovou o segredo de assinatura do webhook {url}',
    'webhook.test_sent': '{actor} enviou um evento de teste ao webhook {url}',
    'webhook.redelivered': '{actor} reenviou um evento ao webhook {url}',
    'data_export.requested': '{actor} pediu uma exportação de dados ({type}, {format})',
    'data_export.downloaded': '{actor} baixou uma exportação de dados ({type}, {format})',
    'data_export.deleted': '{actor} excluiu uma exportação de dados ({type}, {format})',
    'data_export.expired': 'Uma exportação de dados ({type}, {format}) foi excluída após {retentionDays} dias de retenção',
    'dashboard_layout.updated': '{actor} reorganizou seu painel',
    'dashboard_layout.reset': '{actor} restaurou o layout padrão do seu painel',
    'notification_preferences.updated': '{actor} alterou suas preferências de notificação',
    'chain_settings.updated': '{actor} alterou uma configuração da blockchain ({setting})',
    'job.retried': '{actor} executou de novo um job da fila {queue}',
    'job.cancelled': '{actor} cancelou um job da fila {queue}',
    'job_queue.paused': '{actor} pausou a fila de jobs {queue}',
    'job_queue.resumed': '{actor} retomou a fila de jobs {queue}',
    'cache.key_deleted': '{actor} apagou a chave de cache {key}',
    'cache.pattern_deleted': '{actor} apagou {deleted} chaves de cache que correspondem a {pattern}',
  },
  es: {
    'auth.logout': '{actor} cerró la sesión',
    'user.profile_updated': '{actor} actualizó su perfil',
    'user.photo_updated': '{actor} cambió su foto de perfil',
    'user.photo_removed': '{actor} quitó su foto de perfil',
    'security.login_succeeded': '{actor} inició sesión',
    'security.login_failed': 'Intento de inicio de sesión fallido para {email}',
    'security.account_locked': 'La cuenta {email} se bloqueó tras varios inicios de sesión fallidos',
    'security.account_unlocked': '{actor} desbloqueó la cuenta {email}',
    'security.new_device_login': '{actor} inició sesión desde un dispositivo nuevo ({device})',
    'security.mfa_enabled': '{actor} activó la autenticación de dos factores',
    'security.mfa_disabled': '{actor} desactivó la autenticación de dos factores',
    'security.session_revoked': '{actor} finalizó una sesión ({reason})',
    'security.password_changed': '{actor} cambió su contraseña',
    'security.wallet_linked': '{actor} vinculó la billetera {walletAddress} a su cuenta',
    'security.wallet_unlinked': '{actor} desvinculó la billetera {walletAddress} de su cuenta',
    'security.csrf_rejected': 'Se rechazó una solicitud de {actor}: su token CSRF faltaba o era incorrecto',
    'security.user_disabled': '{actor} desactivó la cuenta {email}',
    'security.alert_raised': 'Alerta de seguridad: {title}',
    'security.alert_resolved': '{actor} resolvió la alerta de seguridad “{title}”',
    'wallet.registered': '{actor} registró la billetera {address}',
    'wallet.approved': '{actor} aprobó la billetera {address}',
    'wallet.rejected': '{actor} rechazó la billetera {address}',
    'wallet.suspended': '{actor} suspendió la billetera {address}',
    'wallet.revoked': '{actor} revocó la billetera {address}',
    'wallet.reactivated': '{actor} reactivó la billetera {address}',
    'wallet.activated': 'La billetera {address} se activó en la cadena',
    'wallet.primary_set': '{actor} hizo de {address} la billetera principal de la empresa',
    'wallet.removed': '{actor} eliminó la billetera {address}',
    'wallet.chain_failed': 'Falló un paso en la cadena para la billetera {address}',
    'wallet.frozen_on_chain': 'Las cuentas de tokens de la billetera {address} se congelaron en la cadena',
    'wallet.verification_prepared': '{actor} preparó la verificación de propiedad de la billetera {address}',
    'mint.batch_created': '{actor} inició una emisión por lotes de {vcuCount} bloques de VCU',
    'mint.batch_completed': 'Terminó una emisión por lotes de {vcuCount} bloques de VCU',
    'mint.completed': '{actor} emitió {quantity} tCO2e',
    'mint.failed': 'Falló una emisión de {actor}',
    'mint.approval_requested': '{actor} pidió aprobación para emitir {credits} tCO2e',
    'mint.approved': '{actor} aprobó una emisión de {credits} tCO2e',
    'minting.settings_updated': '{actor} cambió la configuración de emisión',
    'transaction.submitted': '{actor} envió una transacción firmada',
    'retirement.created': '{actor} solicitó el retiro de {amount} tCO2e',
    'retirement.schedule_requested': '{actor} programó el retiro de {amount} tCO2e',
    'retirement.cancelled': '{actor} canceló el retiro de {amount} tCO2e',
    'retirement.execution_started': 'Comenzó el retiro programado de {amount} tCO2e',
    'retirement.completed': 'Se completó el retiro de {amount} tCO2e (certificado {certificateNumber})',
    'retirement.failed': 'Falló el retiro de {amount} tCO2e',
    'vcu.imported': '{actor} importó {units} VCUs ({serialNumber})',
    'vcu.recorded_retired': '{actor} registró {units} VCU ya retiradas en el registro ({serialNumber})',
    'registry.csv_imported': '{actor} importó una exportación del registro: {imported} bloques importados, {retired} retirados, {invalid} rechazados',
    'registry.sync_started': '{actor} inició una sincronización del registro de {holdings} tenencias',
    'company.kyc_status_set': '{actor} fijó el estado KYC de la empresa en {to}',
    'user.created': '{actor} creó la cuenta {email}',
    'user.invitation_resent': '{actor} reenvió una invitación',
    'user.invitation_accepted': '{actor} aceptó su invitación',
    'user.password_reset_requested': 'Se pidió por correo un enlace para restablecer la contraseña',
    'user.status_changed': '{actor} cambió el estado de una cuenta de {from} a {to}',
    'company.created': '{actor} dio de alta la empresa {name}',
    'company.updated': '{actor} actualizó los datos de la empresa ({fields})',
    'tenant.created': '{actor} creó el tenant {name}',
    'tenant.branding_updated': '{actor} cambió el tema y la identidad visual del tenant',
    'custom_role.created': '{actor} creó el rol personalizado “{name}”',
    'custom_role.updated': '{actor} cambió el rol personalizado “{name}”',
    'custom_role.deleted': '{actor} eliminó el rol personalizado “{name}”',
    'custom_role.assigned': '{actor} asignó a un usuario el rol personalizado “{name}”',
    'offset_request.created': '{actor} solicitó retirar {quantity} tCO2e en nombre de {beneficiaryName}',
    'offset_request.retirement_started': 'La compensación aprobada de {quantity} tCO2e para {beneficiaryName} pasó a retiro',
    'offset_request.rejected': 'La solicitud de compensación de {quantity} tCO2e para {beneficiaryName} fue rechazada',
    'offset_request.failed': 'La solicitud de compensación de {quantity} tCO2e para {beneficiaryName} falló',
    'offset_request.withdrawn': '{actor} retiró la solicitud de compensación de {quantity} tCO2e para {beneficiaryName}',
    'kyc.decision_requested': '{actor} envió una decisión de KYC/AML para aprobación',
    'custom_role.unassigned': '{actor} quitó a un usuario el rol personalizado “{name}”',
    'mint.rejected': '{actor} rechazó una emisión; se liberaron {releasedBlocks} bloques de VCU reservados',
    'retirement.approved': '{actor} aprobó el retiro de {amount} tCO2e',
    'retirement.rejected': '{actor} rechazó el retiro de {amount} tCO2e ({reason})',
    'kyc.case_started': '{actor} inició un expediente de KYC/AML',
    'kyc.case_saved': '{actor} guardó un paso del expediente de KYC/AML',
    'kyc.case_submitted': '{actor} envió el expediente de KYC/AML a revisión con {documents} documentos',
    'kyc.document_uploaded': '{actor} subió un documento de KYC/AML ({documentType})',
    'kyc.document_removed': '{actor} quitó un documento de KYC/AML ({documentType})',
    'kyc.document_reviewed': '{actor} revisó un documento de KYC/AML ({documentType})',
    'kyc.review_updated': '{actor} actualizó la revisión de KYC/AML (puntuación {score})',
    'kyc.approved': '{actor} aprobó el expediente de KYC/AML',
    'kyc.rejected': '{actor} rechazó el expediente de KYC/AML ({reason})',
    'kyc.information_requested': '{actor} pidió más información en el expediente de KYC/AML ({reason})',
    'compliance.limits_updated': '{actor} cambió el nivel de KYC y los límites de transacción de la empresa',
    'compliance.token_accounts_frozen': 'Las cuentas de tokens de las billeteras de la empresa se congelaron en la cadena (estado KYC {kycStatus})',
    'compliance.token_accounts_thawed': 'Las cuentas de tokens de las billeteras de la empresa se descongelaron en la cadena (estado KYC {kycStatus})',
    'compliance.token_accounts_failed': 'Falló el congelamiento o descongelamiento de las cuentas de tokens de la empresa en la cadena: {error}',
    'approval.requested': '{actor} pidió una aprobación ({operationType})',
    'approval.level_approved': '{actor} aprobó el nivel {level} de una solicitud de aprobación ({operationType})',
    'approval.approved': '{actor} dio la aprobación final de una solicitud ({operationType})',
    'approval.rejected': '{actor} rechazó una solicitud de aprobación ({operationType})',
    'approval.delegated': '{actor} delegó una solicitud de aprobación ({operationType})',
    'approval.escalated': 'Una solicitud de aprobación ({operationType}) esperó demasiado en el nivel {level} y se escaló',
    'approvals.matrix_updated': '{actor} cambió los niveles de aprobación de {operationType} (versión {version})',
    'purchase.quoted': '{actor} pidió una cotización de {quantity} tCO2e de {projectName}, añada {vintage}: {total} {currency}',
    'purchase.reserved': '{actor} reservó {quantity} tCO2e de {projectName}, añada {vintage} para la billetera {walletAddress}',
    'purchase.invoiced': '{actor} pidió {quantity} tCO2e de {projectName}, añada {vintage}, facturados como {invoiceNumber} ({total} {currency})',
    'purchase.paid': 'Se pagó el pedido de {quantity} tCO2e de {projectName}, añada {vintage} (factura {invoiceNumber})',
    'purchase.delivered': 'Se entregó en la cadena el pedido de {quantity} tCO2e de {projectName}, añada {vintage} ({serialNumbers})',
    'purchase.delivery_blocked': 'La entrega del pedido de {quantity} tCO2e de {projectName}, añada {vintage} está bloqueada: {error}',
    'purchase.expired': 'El pedido de {quantity} tCO2e de {projectName}, añada {vintage} venció sin pago y se liberaron sus créditos',
    'purchase.cancelled': '{actor} canceló el pedido de {quantity} tCO2e de {projectName}, añada {vintage}',
    'invoice.created': '{actor} creó la factura {number} ({totalAmount} {currency})',
    'invoice.updated': '{actor} actualizó la factura {number} (total {totalAmount} {currency})',
    'invoice.issued': '{actor} emitió la factura {number} por {totalAmount} {currency}',
    'invoice.cancelled': '{actor} anuló la factura {number}',
    'invoice.deleted': '{actor} eliminó la factura {number}',
    'invoice.payment_recorded': '{actor} registró un pago de {amount} {currency} en la factura {number}; quedan {balanceDue} {currency} por pagar',
    'invoice.paid': '{actor} registró un pago de {amount} {currency} que saldó la factura {number}',
    'invoice.overdue': 'La factura {number} está vencida (vencía el {dueDate})',
    'invoice.line_accrued': 'Se facturaron {tonnes} tCO2e en la factura {number}, ahora de {totalAmount} {currency}',
    'financial_reconciliation.resolved': '{actor} resolvió una diferencia de la conciliación financiera ({kind}): {note}',
    'reconciliation.assigned': '{actor} asignó una discrepancia de conciliación ({type})',
    'reconciliation.resolved': '{actor} resolvió una discrepancia de conciliación ({type}): {reason}',
    'reconciliation.still_open': '{actor} intentó resolver una discrepancia de conciliación ({type}), pero la nueva comprobación sigue sin coincidir',
    'reconciliation.resolution_refused': 'Se rechazó una resolución de {actor} para una discrepancia de conciliación ({type})',
    'reconciliation.sync_requested': '{actor} pidió aprobación para resolver una discrepancia de conciliación ({type}): {reason}',
    'reconciliation.sync_rejected': '{actor} rechazó la resolución de una discrepancia de conciliación ({type})',
    'reconciliation.sync_failed': 'Falló la resolución aprobada de una discrepancia de conciliación ({type}): {error}',
    'api_key.created': '{actor} creó la clave de API “{name}” ({keyPrefix}…)',
    'api_key.rotated': '{actor} renovó la clave de API “{name}” (era {previousKeyPrefix}…, ahora {keyPrefix}…)',
    'api_key.revoked': '{actor} revocó la clave de API “{name}” ({keyPrefix}…)',
    'webhook.created': '{actor} añadió el webhook {url}',
    'webhook.updated': '{actor} cambió el webhook {url}',
    'webhook.enabled': '{actor} activó el webhook {url}',
    'webhook.disabled': '{actor} desactivó el webhook {url}',
    'webhook.deleted': '{actor} eliminó el webhook {url}',
    'webhook.secret_rotated': '{actor} renovó el secreto de firma del webhook {url}',
    'webhook.test_sent': '{actor} envió un evento de prueba al webhook {url}',
    'webhook.redelivered': '{actor} volvió a enviar un evento al webhook {url}',
    'data_export.requested': '{actor} solicitó una exportación de datos ({type}, {format})',
    'data_export.downloaded': '{actor} descargó una exportación de datos ({type}, {format})',
    'data_export.deleted': '{actor} eliminó una exportación de datos ({type}, {format})',
    'data_export.expired': 'Se eliminó una exportación de datos ({type}, {format}) tras sus {retentionDays} días de conservación',
    'dashboard_layout.updated': '{actor} reorganizó su panel',
    'dashboard_layout.reset': '{actor} restableció el diseño predeterminado de su panel',
    'notification_preferences.updated': '{actor} cambió sus preferencias de notificación',
    'chain_settings.updated': '{actor} cambió un ajuste de la cadena de bloques ({setting})',
    'job.retried': '{actor} reintentó un trabajo de la cola {queue}',
    'job.cancelled': '{actor} canceló un trabajo de la cola {queue}',
    'job_queue.paused': '{actor} pausó la cola de trabajos {queue}',
    'job_queue.resumed': '{actor} reanudó la cola de trabajos {queue}',
    'cache.key_deleted': '{actor} borró la clave de caché {key}',
    'cache.pattern_deleted': '{actor} borró {deleted} claves de caché que coinciden con {pattern}',
  },
};

/** An action this release does not know (an entry written by hand, or by a newer API): a readable sentence built from its name, e.g. `user.invitation_sent` → "user invitation sent". */
const GENERIC: Record<Language, string> = {
  en: '{actor}: {action} ({resource})',
  pt: '{actor}: {action} ({resource})',
  es: '{actor}: {action} ({resource})',
};

/** Who acted when no person did. */
const PLATFORM: Record<Language, string> = { en: 'The platform', pt: 'A plataforma', es: 'La plataforma' };

/** A person acting through one of their API keys: the key's creator, then the key. */
const VIA_API_KEY: Record<Language, string> = {
  en: '{actor} via API key {apiKeyName} ({apiKeyPrefix})',
  pt: '{actor} via chave de API {apiKeyName} ({apiKeyPrefix})',
  es: '{actor} mediante la clave de API {apiKeyName} ({apiKeyPrefix})',
};

/** The action types of the filter menu: the first part of an action, each labelled in every language. */
const ACTION_TYPES: Record<Language, Readonly<Record<AuditActionType, string>>> = {
  en: {
    auth: 'Sign-out',
    user: 'Users and profile',
    security: 'Security and sign-in',
    wallet: 'Company wallets',
    mint: 'Minting',
    minting: 'Minting settings',
    transaction: 'Signed transactions',
    retirement: 'Retirements',
    vcu: 'VCU imports',
    company: 'Company',
    tenant: 'Tenant',
    custom_role: 'Custom roles',
    offset_request: 'Offset requests',
    registry: 'Registry imports and syncs',
    kyc: 'KYC/AML cases',
    compliance: 'Compliance controls',
    approval: 'Approvals',
    approvals: 'Approval levels',
    purchase: 'Credit purchases',
    invoice: 'Invoices',
    financial_reconciliation: 'Financial reconciliation',
    reconciliation: 'Chain reconciliation',
    api_key: 'API keys',
    webhook: 'Webhooks',
    data_export: 'Data exports',
    dashboard_layout: 'Dashboard layout',
    notification_preferences: 'Notification preferences',
    chain_settings: 'Blockchain settings',
    job: 'Background jobs',
    job_queue: 'Job queues',
    cache: 'Cache',
  },
  pt: {
    auth: 'Logout',
    user: 'Usuários e perfil',
    security: 'Segurança e logins',
    wallet: 'Carteiras da empresa',
    mint: 'Emissão',
    minting: 'Configurações de emissão',
    transaction: 'Transações assinadas',
    retirement: 'Aposentadorias',
    vcu: 'Importações de VCU',
    company: 'Empresa',
    tenant: 'Tenant',
    custom_role: 'Papéis personalizados',
    offset_request: 'Pedidos de compensação',
    registry: 'Importações e sincronizações do registro',
    kyc: 'Processos de KYC/AML',
    compliance: 'Controles de conformidade',
    approval: 'Aprovações',
    approvals: 'Níveis de aprovação',
    purchase: 'Compras de créditos',
    invoice: 'Faturas',
    financial_reconciliation: 'Conciliação financeira',
    reconciliation: 'Conciliação com a blockchain',
    api_key: 'Chaves de API',
    webhook: 'Webhooks',
    data_export: 'Exportações de dados',
    dashboard_layout: 'Layout do painel',
    notification_preferences: 'Preferências de notificação',
    chain_settings: 'Configurações da blockchain',
    job: 'Jobs em segundo plano',
    job_queue: 'Filas de jobs',
    cache: 'Cache',
  },
  es: {
    auth: 'Cierre de sesión',
    user: 'Usuarios y perfil',
    security: 'Seguridad e inicios de sesión',
    wallet: 'Billeteras de la empresa',
    mint: 'Emisión',
    minting: 'Configuración de emisión',
    transaction: 'Transacciones firmadas',
    retirement: 'Retiros',
    vcu: 'Importaciones de VCU',
    company: 'Empresa',
    tenant: 'Tenant',
    custom_role: 'Roles personalizados',
    offset_request: 'Solicitudes de compensación',
    registry: 'Importaciones y sincronizaciones del registro',
    kyc: 'Expedientes de KYC/AML',
    compliance: 'Controles de cumplimiento',
    approval: 'Aprobaciones',
    approvals: 'Niveles de aprobación',
    purchase: 'Compras de créditos',
    invoice: 'Facturas',
    financial_reconciliation: 'Conciliación financiera',
    reconciliation: 'Conciliación con la cadena',
    api_key: 'Claves de API',
    webhook: 'Webhooks',
    data_export: 'Exportaciones de datos',
    dashboard_layout: 'Diseño del panel',
    notification_preferences: 'Preferencias de notificación',
    chain_settings: 'Ajustes de la cadena de bloques',
    job: 'Trabajos en segundo plano',
    job_queue: 'Colas de trabajos',
    cache: 'Caché',
  },
};

/** `security_alert` → "security alert": how an unknown name reads. */
export function humaniseName(name: string): string {
  return name
    .replace(/[._-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
}

/** The longest a value is shown inside a sentence: an address or a title, not an essay. */
const PARAM_MAX = 120;

function fill(template: string, values: Readonly<Record<string, string | number | boolean>>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') return '—';
    const text = String(value);
    return text.length > PARAM_MAX ? `${text.slice(0, PARAM_MAX - 1)}…` : text;
  });
}

/** What a sentence is told from: the dashboard's activity names its actor only. */
export type DescribedActivity = Pick<TeamActivityEntry, 'action' | 'resourceType' | 'params'> & { actor: { name: string; email?: string } | null };

/** The entry as a sentence in the reader's language; an action without its own sentence gets the generic one. */
export function describeActivity(entry: DescribedActivity, language: Language): string {
  const person = entry.actor?.name || entry.actor?.email || PLATFORM[language];
  const { apiKeyName, apiKeyPrefix } = entry.params;
  const actor = apiKeyPrefix === undefined ? person : fill(VIA_API_KEY[language], { actor: person, apiKeyName: apiKeyName ?? '', apiKeyPrefix });
  if (hasActivitySentence(entry.action)) return fill(SENTENCES[language][entry.action], { ...entry.params, actor });
  return fill(GENERIC[language], { actor, action: humaniseName(entry.action), resource: humaniseName(entry.resourceType) });
}

/** Whether an action read from the trail has its own sentence: every action the API records, or once recorded, has. */
export function hasActivitySentence(action: string): action is SentencedAction {
  return Object.hasOwn(SENTENCES.en, action);
}

const isLabelledType = (actionType: string): actionType is AuditActionType => Object.hasOwn(ACTION_TYPES.en, actionType);

/** The label of an action type in the filter menu. */
export function activityTypeLabel(actionType: string, language: Language): string {
  if (isLabelledType(actionType)) return ACTION_TYPES[language][actionType];
  return humaniseName(actionType).replace(/^./, (first) => first.toUpperCase());
}

/** The CSV export's column headings, in the reader's language. */
export const ACTIVITY_CSV_HEADINGS: Record<Language, readonly string[]> = {
  en: ['Time (UTC)', 'User', 'E-mail', 'Activity', 'Action', 'Resource type', 'Resource id', 'IP address', 'Location', 'Device'],
  pt: ['Data e hora (UTC)', 'Usuário', 'E-mail', 'Atividade', 'Ação', 'Tipo de recurso', 'Id do recurso', 'Endereço IP', 'Localização', 'Dispositivo'],
  es: [
    'Fecha y hora (UTC)',
    'Usuario',
    'Correo electrónico',
    'Actividad',
    'Acción',
    'Tipo de recurso',
    'Id del recurso',
    'Dirección IP',
    'Ubicación',
    'Dispositivo',
  ],
};
