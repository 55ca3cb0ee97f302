import { kycStatusSchema, retirementTexts, type CompanySummary } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { useSnackbar } from '../../../lib/toast';
import { useUpdateKycStatus } from '../api/update-kyc-status';
import type { RetirementGuards } from '../retirement-guards';
import { retirementFailureText, translateRetirementMessage } from '../retirement-messages';

type KycStatus = z.infer<typeof kycStatusSchema>;

/** Platform administrators set a company's KYC status here until the KYC screens exist. */
function KycStatusControl({ company }: { company: CompanySummary }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateKycStatus();
  const [status, setStatus] = useState<KycStatus>('approved');
  const save = () =>
    update.mutate(
      { companyId: company.id, status },
      {
        onSuccess: () => enqueueSnackbar(translateRetirementMessage(t, retirementTexts.kycStatusUpdated), { variant: 'success' }),
        onError: (error) => enqueueSnackbar(retirementFailureText(t, error, retirementTexts.kycRequired), { variant: 'error' }),
      },
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
      <TextField
        select
        size="small"
        label={t('retirements.guards.kycStatus', { company: company.name })}
        value={status}
        onChange={(event) => setStatus(event.target.value as KycStatus)}
        sx={{ minWidth: 240 }}
      >
        {kycStatusSchema.options.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`retirements.kycStatus.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" size="small" onClick={save} disabled={update.isPending}>
        {t('retirements.guards.setKycStatus')}
      </Button>
    </Box>
  );
}

/** A missing wallet the user can connect from the alert itself. */
function ConnectWalletAlert({ testId, message, onConnect }: { testId: string; message: string; onConnect: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      data-testid={testId}
      action={
        <Button color="inherit" size="small" onClick={onConnect}>
          {t('wallets.browser.connect')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** docs/product.md §5 guards of a retirement: the connected wallet, then the selected company's KYC/AML approval. */
export function RetirementGuardAlerts({
  guards,
  company,
  onConnect,
}: {
  guards: RetirementGuards;
  company: CompanySummary | undefined;
  onConnect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {guards.walletMissing && (
        <ConnectWalletAlert testId="guard-wallet" message={translateRetirementMessage(t, retirementTexts.walletRequired)} onConnect={onConnect} />
      )}
      {guards.holderWalletMissing && (
        <ConnectWalletAlert testId="guard-holder-wallet" message={translateRetirementMessage(t, retirementTexts.holderWalletRequired)} onConnect={onConnect} />
      )}
      {guards.kycBlocked && company && (
        <Alert severity="warning" data-testid="guard-kyc">
          {translateRetirementMessage(t, retirementTexts.kycRequired)}{' '}
          <Link component={RouterLink} to={retirementTexts.kycLink}>
            {t('retirements.guards.kycLink')}
          </Link>
          {guards.canSetKycStatus && <KycStatusControl company={company} />}
        </Alert>
      )}
    </>
  );
}
