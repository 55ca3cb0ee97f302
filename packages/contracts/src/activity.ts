/*
 * Over 300 lines on purpose: the sentences of every audited action in English, Portuguese and
 * Spanish are data, kept in one table so that a new action is added in one place.
 */
import { z } from 'zod';
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
 * list of texts joined). Nested records (chain receipts, price tables) stay in the audit trail.
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

type Catalogue = Readonly<Record<string, string>>;

/** One sentence per known audit action; `{name}` is filled from the entry (`actor`) or its params. */
const SENTENCES: Record<Language, Catalogue> = {
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
    'custom_role.unassigned': '{actor} took the custom role “{name}” away from a user',
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
    'custom_role.unassigned': '{actor} retirou de um usuário o papel personalizado “{name}”',
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
    'custom_role.unassigned': '{actor} quitó a un usuario el rol personalizado “{name}”',
  },
};

/** Any other action: a readable sentence built from its name, e.g. `user.invitation_sent` → "user invitation sent". */
const GENERIC: Record<Language, string> = {
  en: '{actor}: {action} ({resource})',
  pt: '{actor}: {action} ({resource})',
  es: '{actor}: {action} ({resource})',
};

/** Who acted when no person did. */
const PLATFORM: Record<Language, string> = { en: 'The platform', pt: 'A plataforma', es: 'La plataforma' };

/** The action types of the filter menu: the first part of an action. */
const ACTION_TYPES: Record<Language, Catalogue> = {
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

/** The entry as a sentence in the reader's language; an action without its own sentence gets the generic one. */
export function describeActivity(entry: Pick<TeamActivityEntry, 'action' | 'resourceType' | 'actor' | 'params'>, language: Language): string {
  const actor = entry.actor?.name || entry.actor?.email || PLATFORM[language];
  const template = SENTENCES[language][entry.action];
  if (template) return fill(template, { ...entry.params, actor });
  return fill(GENERIC[language], { actor, action: humaniseName(entry.action), resource: humaniseName(entry.resourceType) });
}

/** Whether an action has its own sentence (the generic one is for actions recorded by newer code). */
export function hasActivitySentence(action: string): boolean {
  return Object.hasOwn(SENTENCES.en, action);
}

/** The label of an action type in the filter menu. */
export function activityTypeLabel(actionType: string, language: Language): string {
  const label = ACTION_TYPES[language][actionType];
  return label ?? humaniseName(actionType).replace(/^./, (first) => first.toUpperCase());
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
