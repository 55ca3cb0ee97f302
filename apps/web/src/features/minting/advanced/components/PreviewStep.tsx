import { mintingTexts, type MintPreview } from '@carbonledger/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSol } from '../../../../lib/chain-format';
import { formatNumber } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { translateMintMessage } from '../mint-messages';

type CheckName = keyof MintPreview['checks'];
const CHECKS: readonly CheckName[] = ['projectExists', 'quantityAvailable', 'token', 'walletApproved', 'balance'];

/** Each check in the user's language from the preview's own facts (the server's message is English). */
function checkText(t: TFunction, preview: MintPreview, name: CheckName): string {
  const language = currentLanguage();
  switch (name) {
    case 'projectExists':
      return t('mintWizard.checks.projectExists', { name: preview.project.name, id: preview.project.id });
    case 'quantityAvailable':
      return t('mintWizard.checks.quantityAvailable', {
        quantity: formatNumber(BigInt(preview.quantity), language),
        available: formatNumber(BigInt(preview.availableQuantity), language),
        vintage: preview.vintage,
      });
    case 'token':
      return preview.token.existingMint
        ? t('mintWizard.checks.tokenExists', { symbol: preview.token.symbol, mint: preview.token.existingMint })
        : t('mintWizard.checks.tokenCreated', { symbol: preview.token.symbol });
    case 'walletApproved':
      return preview.checks.walletApproved.ok
        ? t('mintWizard.checks.walletApproved', { address: preview.wallet.address })
        : translateMintMessage(t, mintingTexts.walletNotApproved);
    case 'balance':
      return preview.payer.sufficient
        ? t('mintWizard.checks.balance', { required: formatSol(preview.payer.required), available: formatSol(preview.payer.balance) })
        : t('mintWizard.checks.payerShort', { required: formatSol(preview.payer.required), available: formatSol(preview.payer.balance) });
  }
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ width: '40%' }}>
        {label}
      </TableCell>
      <TableCell data-testid={testId} sx={{ wordBreak: 'break-all' }}>
        {value}
      </TableCell>
    </TableRow>
  );
}

/**
 * Step 3: what the server checked and what the mint costs (fees read from the chain, paid by the
 * platform issuer), then the docs/product.md §5 guard: a connected wallet and a reviewed preview before Execute.
 */
export function PreviewStep({
  preview,
  reviewed,
  onReviewedChange,
  blocker,
  walletCard,
  onBack,
  onExecute,
}: {
  preview: MintPreview;
  reviewed: boolean;
  onReviewedChange: (reviewed: boolean) => void;
  blocker: string | null;
  walletCard: ReactNode;
  onBack: () => void;
  onExecute: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { token, fees } = preview;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {preview.valid ? (
        <Alert severity="success">{translateMintMessage(t, mintingTexts.previewValid)}</Alert>
      ) : (
        <Alert severity="error" role="alert">
          {translateMintMessage(t, mintingTexts.validationFailed)} {checkText(t, preview, 'balance')}
        </Alert>
      )}

      <Typography variant="h6" component="h2">
        {t('mintWizard.preview.checks')}
      </Typography>
      <List dense aria-label={t('mintWizard.preview.checks')}>
        {CHECKS.map((name) => {
          const ok = preview.checks[name].ok;
          return (
            <ListItem key={name} data-testid={`check-${name}`} data-ok={ok}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                {ok ? (
                  <CheckCircle color="success" titleAccess={t('mintWizard.preview.ok')} />
                ) : (
                  <Cancel color="error" titleAccess={t('mintWizard.preview.failed')} />
                )}
              </ListItemIcon>
              <ListItemText primary={checkText(t, preview, name)} slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }} />
            </ListItem>
          );
        })}
      </List>

      <Typography variant="h6" component="h2">
        {t('mintWizard.preview.token')}
      </Typography>
      <Table size="small" aria-label={t('mintWizard.preview.token')}>
        <TableBody>
          <Row label={t('mintWizard.configure.tokenName')} value={token.name} />
          <Row label={t('mintWizard.configure.symbol')} value={token.symbol} />
          <Row label={t('mintWizard.configure.quantity')} value={formatNumber(BigInt(preview.quantity), language)} testId="preview-quantity" />
          <Row label={t('mintWizard.configure.vintage')} value={String(preview.vintage)} />
          <Row label={t('mintWizard.configure.decimals')} value={String(token.decimals)} />
          <Row label={t('mintWizard.configure.mintAuthority')} value={token.mintAuthority} testId="preview-mint-authority" />
          <Row label={t('mintWizard.configure.method')} value={t('mintWizard.configure.nonCustodial')} />
          <Row label={t('mintWizard.configure.wallet')} value={preview.wallet.address} />
          {token.logoUrl && <Row label={t('mintWizard.configure.logoUrl')} value={token.logoUrl} testId="preview-logo" />}
        </TableBody>
      </Table>

      <Typography variant="h6" component="h2">
        {t('mintWizard.preview.fees')}
      </Typography>
      <Table size="small" aria-label={t('mintWizard.preview.fees')}>
        <TableBody>
          <Row label={t('mintWizard.preview.tokenCreation')} value={formatSol(fees.tokenCreation)} testId="fee-token-creation" />
          <Row label={t('mintWizard.preview.transaction')} value={formatSol(fees.transaction)} testId="fee-transaction" />
          <Row label={t('mintWizard.preview.associatedTokenAccount')} value={formatSol(fees.associatedTokenAccount)} testId="fee-ata" />
          <Row label={t('mintWizard.preview.total')} value={formatSol(fees.total)} testId="fee-total" />
          <Row
            label={t('mintWizard.preview.payer')}
            value={t('mintWizard.preview.payerValue', { address: preview.payer.address, balance: formatSol(preview.payer.balance) })}
          />
        </TableBody>
      </Table>
      <Typography variant="caption" color="text.secondary">
        {t('mintWizard.preview.feesNote')}
      </Typography>
      {preview.requiresApproval && (
        <Alert severity="info">{t('mintWizard.preview.requiresApproval', { limit: formatNumber(BigInt(preview.approvalLimit), language) })}</Alert>
      )}

      {walletCard}
      <FormControlLabel
        control={<Checkbox checked={reviewed} onChange={(event) => onReviewedChange(event.target.checked)} />}
        label={t('mintWizard.preview.reviewed')}
      />
      {blocker && (
        <Alert severity="warning" data-testid="execute-blocker">
          {translateMintMessage(t, blocker)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Button onClick={onBack}>{t('mintWizard.back')}</Button>
        <Button variant="contained" onClick={onExecute} disabled={blocker !== null}>
          {t('mintWizard.preview.execute')}
        </Button>
      </Box>
    </Box>
  );
}
