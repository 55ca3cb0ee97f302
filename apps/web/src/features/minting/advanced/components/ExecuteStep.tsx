import { mintingTexts, type ExecuteMintResult } from '@carbonledger/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { translateMintMessage } from '../mint-messages';

/** docs/product.md §4: execute is processing, then success or failure with retry; a mint above the approval limit waits for an administrator (202). */
export type ExecutionState = { kind: 'processing' } | { kind: 'done'; result: ExecuteMintResult } | { kind: 'failed'; message: string };

/** Step 4: the mint running, minted (explorer link, portfolio), waiting for approval, or failed with Retry. */
export function ExecuteStep({
  state,
  onRetry,
  onBackToToken,
  onMintAnother,
}: {
  state: ExecutionState;
  onRetry: () => void;
  onBackToToken: () => void;
  onMintAnother: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();

  if (state.kind === 'processing') {
    return (
      <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
        <CircularProgress aria-label={t('mintWizard.execute.processing')} />
        <Typography>{t('mintWizard.execute.processing')}</Typography>
      </Box>
    );
  }

  if (state.kind === 'failed') {
    const title = translateMintMessage(t, mintingTexts.mintingFailed);
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="error" role="alert" data-testid="mint-failed">
          <AlertTitle>{title}</AlertTitle>
          {state.message !== title && state.message}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="contained" onClick={onRetry}>
            {t('mintWizard.execute.retry')}
          </Button>
          <Button onClick={onBackToToken}>{t('mintWizard.execute.backToToken')}</Button>
        </Box>
      </Box>
    );
  }

  const { operation, approval } = state.result;
  const amount = `${formatNumber(BigInt(operation.quantity), language)} ${operation.symbol}`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {approval ? (
        <Alert severity="info" data-testid="mint-awaiting-approval">
          <AlertTitle>{translateMintMessage(t, mintingTexts.awaitingApproval)}</AlertTitle>
          {t('mintWizard.execute.awaitingDetail', { amount, priority: t(`mintWizard.priority.${approval.priority}`), id: approval.id })}
        </Alert>
      ) : (
        <Alert severity="success" data-testid="mint-succeeded">
          <AlertTitle>{translateMintMessage(t, mintingTexts.mintCompleted)}</AlertTitle>
          <Typography variant="body2">{t('mintWizard.execute.mintedTo', { amount, address: operation.walletAddress })}</Typography>
          {operation.mintAddress && (
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {t('mintWizard.execute.mintAddress', { address: operation.mintAddress })}
            </Typography>
          )}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {operation.explorerUrl && (
          <Link href={operation.explorerUrl} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            {t('mintWizard.execute.explorer')} <OpenInNew fontSize="small" aria-hidden />
          </Link>
        )}
        {!approval && (
          <Button component={RouterLink} to="/portfolio" variant="outlined">
            {t('mintWizard.execute.portfolio')}
          </Button>
        )}
        <Button onClick={onMintAnother}>{t('mintWizard.execute.another')}</Button>
      </Box>
    </Box>
  );
}
