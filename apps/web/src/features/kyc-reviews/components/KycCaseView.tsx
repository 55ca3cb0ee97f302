import { KYC_DECIDABLE_STATUSES, KYC_REOPENABLE_STATUSES, type KycDecisionKind, type KycDocument, type KycReviewCase } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { countryName, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSnackbar } from '../../../lib/toast';
import { useDecideKycCase } from '../api/decide-kyc-case';
import { useReviewKycDocument } from '../api/review-kyc-document';
import { reviewFailureText } from '../kyc-review-errors';
import { AssessmentForm } from './AssessmentForm';
import { DecisionDialog } from './DecisionDialog';
import { DocumentPreview } from './DocumentPreview';

const DOCUMENT_COLOURS = { uploaded: 'default', accepted: 'success', rejected: 'error' } as const;

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div">{value || '—'}</Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } } as const;

/** What the company declared: the person or the entity, its owners and representatives, its address. */
function CaseData({ kycCase }: { kycCase: KycReviewCase }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const country = (code: string | null | undefined) => (code ? countryName(code, language) : null);
  const { individual, business, address } = kycCase;
  return (
    <>
      <Section title={t('kyc.steps.who')}>
        {individual && (
          <Box sx={grid}>
            <Fact label={t('kyc.fields.firstName')} value={individual.firstName} />
            <Fact label={t('kyc.fields.lastName')} value={individual.lastName} />
            <Fact label={t('kyc.fields.dateOfBirth')} value={individual.dateOfBirth} />
            <Fact label={t('kyc.fields.nationality')} value={country(individual.nationality)} />
            <Fact label={t('kyc.fields.idNumber')} value={individual.idNumber} />
            <Fact label={t('kyc.fields.occupation')} value={individual.occupation} />
          </Box>
        )}
        {business && (
          <Box sx={grid}>
            <Fact label={t('kyc.fields.legalName')} value={business.legalName} />
            <Fact label={t('kyc.fields.registrationNumber')} value={business.registrationNumber} />
            <Fact label={t('kyc.fields.incorporationCountry')} value={country(business.incorporationCountry)} />
            <Fact label={t('kyc.fields.incorporationDate')} value={business.incorporationDate} />
            <Fact label={t('kyc.fields.businessActivity')} value={business.businessActivity} />
            <Fact label={t('kyc.fields.website')} value={business.website} />
          </Box>
        )}
      </Section>
      {kycCase.subjectType === 'business' && (
        <Section title={t('kyc.steps.ownership')}>
          {kycCase.parties.map((party, index) => (
            <Typography key={`${party.fullName}-${index}`}>
              {[
                party.fullName,
                t(`kyc.partyRoles.${party.role}`),
                party.ownershipPercent !== null && party.ownershipPercent !== undefined ? `${party.ownershipPercent}%` : null,
                country(party.nationality),
                party.dateOfBirth,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
          ))}
        </Section>
      )}
      <Section title={t('kyc.steps.address')}>
        <Typography>
          {address
            ? [address.line1, address.line2, address.city, address.region, address.postalCode, country(address.country)].filter(Boolean).join(', ')
            : '—'}
        </Typography>
      </Section>
    </>
  );
}

/** One document with its preview and, for a deciding officer, accept / reject. */
function DocumentCard({ document, caseId, decidable }: { document: KycDocument; caseId: string; decidable: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const review = useReviewKycDocument();
  const mark = (status: 'accepted' | 'rejected') =>
    review.mutate({ caseId, documentId: document.id, status }, { onError: (error) => enqueueSnackbar(reviewFailureText(t, error), { variant: 'error' }) });
  return (
    <Card variant="outlined" data-testid={`review-document-${document.id}`}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>{t(`kyc.documentTypes.${document.documentType}`)}</Typography>
          <Typography color="text.secondary">· {t(`kyc.categories.${document.category}`)}</Typography>
          <Chip size="small" color={DOCUMENT_COLOURS[document.status]} label={t(`kyc.documentStatus.${document.status}`)} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {[document.originalName, document.notes].filter(Boolean).join(' — ')}
        </Typography>
        <DocumentPreview document={document} />
        {decidable && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button size="small" onClick={() => mark('accepted')} disabled={review.isPending || document.status === 'accepted'}>
              {t('kycReviews.acceptDocument')}
            </Button>
            <Button size="small" color="error" onClick={() => mark('rejected')} disabled={review.isPending || document.status === 'rejected'}>
              {t('kycReviews.rejectDocument')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** docs/kyc.md case view: data, documents inline, checklist, risk level, score, notes, decisions. */
export function KycCaseView({ kycCase, currentUserId }: { kycCase: KycReviewCase; currentUserId: string | undefined }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const decide = useDecideKycCase();
  const [deciding, setDeciding] = useState<KycDecisionKind | null>(null);
  const open = KYC_DECIDABLE_STATUSES.includes(kycCase.status);
  // An approve or reject the delegation matrix sent for approval is decided in /approvals first.
  const decidable = kycCase.canDecide && open && !kycCase.pendingDecision;
  const reopenable = kycCase.canDecide && KYC_REOPENABLE_STATUSES.includes(kycCase.status);
  const confirm = (reason: string | undefined) =>
    deciding &&
    decide.mutate(
      { id: kycCase.id, decision: deciding, reason },
      {
        onSuccess: (view) =>
          enqueueSnackbar(view.pendingDecision ? t('governance.kyc.awaitingApproval') : t(`kycReviews.decisions.${deciding}.done`), { variant: 'success' }),
        onError: (error) => enqueueSnackbar(reviewFailureText(t, error), { variant: 'error' }),
        onSettled: () => setDeciding(null),
      },
    );

  return (
    <Card variant="outlined" data-testid="kyc-case-view">
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2">
            {kycCase.companyName}
          </Typography>
          <Chip label={t(`kyc.subjectTypes.${kycCase.subjectType}`)} size="small" />
          <Chip label={t(`kycReviews.status.${kycCase.status}`)} size="small" color="primary" variant="outlined" data-testid="kyc-case-status-chip" />
        </Box>
        <Typography color="text.secondary">
          {kycCase.submittedAt
            ? t('kycReviews.submittedBy', { name: kycCase.submittedBy?.name ?? '—', date: formatDateTime(kycCase.submittedAt, language) })
            : t('kycReviews.notSubmitted')}
        </Typography>
        {kycCase.submittedBy?.id === currentUserId && <Alert severity="info">{t('kycReviews.errors.KYC__OWN_CASE')}</Alert>}
        {kycCase.pendingDecision && (
          <Alert
            severity="warning"
            data-testid="kyc-pending-decision"
            action={
              <Button color="inherit" size="small" component={RouterLink} to="/approvals">
                {t('governance.kyc.openApprovals')}
              </Button>
            }
          >
            {t(kycCase.pendingDecision.decision === 'approve' ? 'governance.kyc.pendingApprove' : 'governance.kyc.pendingReject')}
          </Alert>
        )}
        <CaseData kycCase={kycCase} />
        <Section title={t('kycReviews.documents')}>
          {kycCase.documents.length === 0 ? (
            <Typography color="text.secondary">{t('kyc.documents.empty')}</Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              {kycCase.documents.map((document) => (
                <DocumentCard key={document.id} document={document} caseId={kycCase.id} decidable={decidable} />
              ))}
            </Box>
          )}
        </Section>
        <Divider />
        <Section title={t('kycReviews.assessment')}>
          <AssessmentForm key={`${kycCase.id}-${kycCase.updatedAt}`} kycCase={kycCase} editable={decidable} />
        </Section>
        {(decidable || reopenable) && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {decidable && (
              <Button variant="contained" color="success" onClick={() => setDeciding('approve')}>
                {t('kycReviews.decisions.approve.action')}
              </Button>
            )}
            {decidable && (
              <Button variant="outlined" color="error" onClick={() => setDeciding('reject')}>
                {t('kycReviews.decisions.reject.action')}
              </Button>
            )}
            <Button variant="outlined" onClick={() => setDeciding('request_information')}>
              {t('kycReviews.decisions.request_information.action')}
            </Button>
          </Box>
        )}
        <Section title={t('kycReviews.history')}>
          {kycCase.decisions.length === 0 ? (
            <Typography color="text.secondary">{t('kycReviews.noDecisions')}</Typography>
          ) : (
            kycCase.decisions.map((decision) => (
              <Typography key={decision.decidedAt} variant="body2">
                {t('kycReviews.decisionLine', {
                  decision: t(`kycReviews.decisions.${decision.decision}.past`),
                  name: decision.decidedBy.name,
                  date: formatDateTime(decision.decidedAt, language),
                })}
                {decision.reason ? ` — ${decision.reason}` : ''}
              </Typography>
            ))
          )}
        </Section>
      </CardContent>
      {deciding && <DecisionDialog decision={deciding} busy={decide.isPending} onClose={() => setDeciding(null)} onConfirm={confirm} />}
    </Card>
  );
}
