import { retirementTexts, type CompanySummary } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { RetirementGuards } from '../retirement-guards';
import { translateRetirementMessage } from '../retirement-messages';

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
        </Alert>
      )}
    </>
  );
}
