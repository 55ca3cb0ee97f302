import { SERVER_EVENTS, type KycCase, type KycStep, type KycSubjectType, type SaveKycCaseRequest } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpLink } from '../../components/HelpLink';
import { PageHeader } from '../../components/PageHeader';
import { useRealtimeInvalidate } from '../../lib/realtime';
import { useSnackbar } from '../../lib/toast';
import { kycKeys, useKycSession } from './api/kyc-session';
import { useSaveKycCase } from './api/save-kyc-case';
import { useSubmitKycCase } from './api/submit-kyc-case';
import { DocumentsStep } from './components/DocumentsStep';
import { OwnershipStep } from './components/OwnershipStep';
import { ReviewStep } from './components/ReviewStep';
import { SectionStep } from './components/SectionStep';
import { kycFailureText } from './kyc-form';

const STATUS_COLOURS = { not_started: 'default', pending: 'info', in_review: 'warning', approved: 'success', rejected: 'error' } as const;

function stepsFor(subjectType: KycSubjectType | undefined): KycStep[] {
  return subjectType === 'business' ? ['type', 'who', 'ownership', 'address', 'documents', 'review'] : ['type', 'who', 'address', 'documents', 'review'];
}

/** Where the case stands with the officers, in words. */
function CaseStatus({ kycCase }: { kycCase: KycCase }) {
  const { t } = useTranslation();
  if (kycCase.status === 'draft') return null;
  const severity = { submitted: 'info', in_review: 'info', information_requested: 'warning', approved: 'success', rejected: 'error' } as const;
  return (
    <Alert severity={severity[kycCase.status]} data-testid="kyc-case-status" sx={{ mb: 2 }}>
      {t(`kyc.caseStatus.${kycCase.status}`)}
      {kycCase.decisionReason && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('kyc.reason', { reason: kycCase.decisionReason })}
        </Typography>
      )}
    </Alert>
  );
}

/** The type step: an individual or a business, chosen once per case. */
function TypeStep({
  current,
  editable,
  saving,
  onChoose,
}: {
  current: KycSubjectType | undefined;
  editable: boolean;
  saving: boolean;
  onChoose: (type: KycSubjectType) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {(['individual', 'business'] as const).map((type) => (
        <Card key={type} variant="outlined" sx={{ borderColor: current === type ? 'primary.main' : undefined }}>
          <CardContent sx={{ display: 'grid', gap: 1 }}>
            <Typography variant="h6" component="h2">
              {t(`kyc.subjectTypes.${type}`)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t(`kyc.subjectHints.${type}`)}
            </Typography>
            <Box>
              <Button variant={current === type ? 'contained' : 'outlined'} disabled={!editable || saving} onClick={() => onChoose(type)}>
                {t('kyc.actions.choose', { type: t(`kyc.subjectTypes.${type}`) })}
              </Button>
            </Box>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/**
 * /kyc (docs/kyc.md): the company's KYC/AML case step by step — individual or business, who,
 * ownership and representatives (business), address, documents — saved as it goes so a later
 * visit continues there, then submitted for the officers' review. Decisions arrive live.
 */
export default function KycPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const session = useKycSession();
  const save = useSaveKycCase();
  const submit = useSubmitKycCase();
  const [chosenStep, setChosenStep] = useState<KycStep | null>(null);
  useRealtimeInvalidate([SERVER_EVENTS.kycUpdate], kycKeys.all);

  if (session.isPending) return <Skeleton variant="rectangular" height={320} />;
  if (session.isError) {
    return (
      <Box>
        <PageHeader title={name} />
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void session.refetch()}>
              {t('kyc.actions.retry')}
            </Button>
          }
        >
          {t('kyc.texts.loadFailed')}
        </Alert>
      </Box>
    );
  }

  const data = session.data;
  const kycCase = data.case;
  const editable = kycCase ? kycCase.editable : data.canEdit && data.companyKycStatus !== 'rejected';
  const steps = stepsFor(kycCase?.subjectType);
  const saved = kycCase && kycCase.status !== 'draft' && kycCase.status !== 'information_requested' ? 'review' : (kycCase?.step ?? 'type');
  const active = chosenStep && steps.includes(chosenStep) ? chosenStep : steps.includes(saved) ? saved : 'type';
  const next = (step: KycStep) => steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)]!;
  const back = () => setChosenStep(steps[Math.max(steps.indexOf(active) - 1, 0)]!);
  const persist = (body: SaveKycCaseRequest, from: KycStep) =>
    save.mutate(
      { ...body, step: next(from) },
      {
        onSuccess: (updated) => {
          enqueueSnackbar(t('kyc.saved'), { variant: 'success' });
          const after = stepsFor(updated.case?.subjectType);
          setChosenStep(after[after.indexOf(from) + 1] ?? from);
        },
        onError: (error) => enqueueSnackbar(kycFailureText(t, error), { variant: 'error' }),
      },
    );
  const sendForReview = () =>
    submit.mutate(undefined, {
      onSuccess: () => enqueueSnackbar(t('kyc.submitted'), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(kycFailureText(t, error), { variant: 'error' }),
    });

  return (
    <Box>
      <PageHeader
        title={name}
        subtitle={t('kyc.subtitle', { company: data.companyName })}
        actions={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Chip data-testid="kyc-company-status" color={STATUS_COLOURS[data.companyKycStatus]} label={t(`kyc.companyStatus.${data.companyKycStatus}`)} />
            <HelpLink topic="kyc" />
          </Box>
        }
      />
      {kycCase && <CaseStatus kycCase={kycCase} />}
      {!data.canEdit && !kycCase && <Alert severity="info">{t('kyc.notEditor')}</Alert>}
      {(data.canEdit || kycCase) && (
        <Card variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 3 }}>
            <Stepper nonLinear activeStep={steps.indexOf(active)} alternativeLabel>
              {steps.map((step) => (
                <Step key={step} completed={steps.indexOf(step) < steps.indexOf(saved)}>
                  <StepButton onClick={() => setChosenStep(step)} disabled={!kycCase && step !== 'type'}>
                    {t(`kyc.steps.${step}`)}
                  </StepButton>
                </Step>
              ))}
            </Stepper>
            <Typography variant="h6" component="h2">
              {t(`kyc.steps.${active}`)}
            </Typography>
            {active === 'type' && (
              <TypeStep
                current={kycCase?.subjectType}
                editable={editable}
                saving={save.isPending}
                onChoose={(subjectType) => persist({ subjectType }, 'type')}
              />
            )}
            {kycCase && active === 'who' && (
              <SectionStep
                key={`who-${kycCase.subjectType}`}
                section={kycCase.subjectType}
                kycCase={kycCase}
                editable={editable}
                saving={save.isPending}
                onSave={(body) => persist(body, 'who')}
                onBack={back}
              />
            )}
            {kycCase && active === 'ownership' && (
              <OwnershipStep kycCase={kycCase} editable={editable} saving={save.isPending} onSave={(body) => persist(body, 'ownership')} onBack={back} />
            )}
            {kycCase && active === 'address' && (
              <SectionStep
                key="address"
                section="address"
                kycCase={kycCase}
                editable={editable}
                saving={save.isPending}
                onSave={(body) => persist(body, 'address')}
                onBack={back}
              />
            )}
            {kycCase && active === 'documents' && (
              <DocumentsStep kycCase={kycCase} editable={editable} onBack={back} onContinue={() => setChosenStep('review')} />
            )}
            {kycCase && active === 'review' && (
              <ReviewStep kycCase={kycCase} editable={editable} submitting={submit.isPending} onSubmit={sendForReview} onBack={back} />
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
