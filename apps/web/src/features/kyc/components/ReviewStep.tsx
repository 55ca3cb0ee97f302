import type { KycCase } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

function Line({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      {value || '—'}
    </Typography>
  );
}

/** The last step: what will be sent, and the submission for review. */
export function ReviewStep({
  kycCase,
  editable,
  submitting,
  onSubmit,
  onBack,
}: {
  kycCase: KycCase;
  editable: boolean;
  submitting: boolean;
  onSubmit: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const who =
    kycCase.subjectType === 'business' ? kycCase.business?.legalName : [kycCase.individual?.firstName, kycCase.individual?.lastName].filter(Boolean).join(' ');
  const address = kycCase.address;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Line label={t('kyc.review.type')} value={t(`kyc.subjectTypes.${kycCase.subjectType}`)} />
      <Line label={t('kyc.review.who')} value={who} />
      {kycCase.subjectType === 'business' && <Line label={t('kyc.review.parties')} value={kycCase.parties.map((party) => party.fullName).join(', ')} />}
      <Line
        label={t('kyc.review.address')}
        value={address ? [address.line1, address.line2, address.city, address.region, address.postalCode, address.country].filter(Boolean).join(', ') : null}
      />
      <Line label={t('kyc.review.documents')} value={String(kycCase.documents.length)} />
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        <Button onClick={onBack}>{t('kyc.actions.back')}</Button>
        {editable && (
          <Button variant="contained" onClick={onSubmit} disabled={submitting}>
            {t('kyc.actions.submit')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
