import { CURRENCIES, PURCHASE_RATES_PER_USD, type InvoiceCurrency, type PurchaseOrder } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSnackbar } from '../../../lib/toast';
import { useMintWallets } from '../../../lib/mint-wallets';
import { useConfirmPurchase, usePurchaseAvailability, useQuotePurchase } from '../api/purchases';
import { purchaseFailure } from '../purchase-messages';

const WHOLE = /^[1-9][0-9]{0,11}$/;

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * docs/product.md §2 /carbon-projects "purchase action": vintage and quantity (capped at what is
 * free), currency, the quote (unit price from the price list, fee, total, valid 15 minutes),
 * then the wallet and the confirmation that reserves the credits and issues the invoice.
 */
export function BuyCreditsDialog({ project, onClose }: { project: { id: string; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const availability = usePurchaseAvailability(project?.id ?? null);
  const wallets = useMintWallets();
  const quoting = useQuotePurchase();
  const confirming = useConfirmPurchase();
  const [vintage, setVintage] = useState<number | ''>('');
  const [quantity, setQuantity] = useState('');
  const [currency, setCurrency] = useState<InvoiceCurrency>('USD');
  const [walletAddress, setWalletAddress] = useState('');
  const [quote, setQuote] = useState<PurchaseOrder | null>(null);
  const [order, setOrder] = useState<PurchaseOrder | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmKey, setConfirmKey] = useState(() => crypto.randomUUID());

  const vintages = availability.data?.vintages ?? [];
  const chosen = vintages.find((entry) => entry.vintage === vintage) ?? null;
  const max = chosen ? BigInt(chosen.available) : 0n;
  const quantityError = quantity !== '' && (!WHOLE.test(quantity) || BigInt(quantity) > max);

  const close = () => {
    setVintage('');
    setQuantity('');
    setQuote(null);
    setOrder(null);
    setFailure(null);
    onClose();
  };

  const askQuote = async () => {
    if (!project || vintage === '' || quantityError || quantity === '') return;
    setFailure(null);
    try {
      setQuote(await quoting.mutateAsync({ projectId: project.id, vintage, quantity, currency }));
      setConfirmKey(crypto.randomUUID());
    } catch (error) {
      setFailure(purchaseFailure(t, error));
    }
  };

  const confirm = async () => {
    if (!quote || !walletAddress) return;
    setFailure(null);
    try {
      const placed = await confirming.mutateAsync({ orderId: quote.id, walletAddress, idempotencyKey: confirmKey });
      setOrder(placed);
      enqueueSnackbar(t('purchases.ordered'), { variant: 'success' });
    } catch (error) {
      setFailure(purchaseFailure(t, error));
    }
  };

  return (
    <Dialog open={project !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="buy-credits-title">
      <DialogTitle id="buy-credits-title">{t('purchases.dialogTitle', { name: project?.name ?? '' })}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {availability.isLoading && <Typography>{t('common.loading')}</Typography>}
        {availability.isError && <Alert severity="error">{t('purchases.loadFailed')}</Alert>}
        {availability.data && vintages.every((entry) => entry.available === '0') && <Alert severity="info">{t('purchases.soldOut')}</Alert>}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {order ? (
          <Alert severity="success">
            {t('purchases.orderPlaced', { number: order.invoiceNumber, total: formatMoney(order.total, order.currency, language) })}{' '}
            <Link component={RouterLink} to="/invoices">
              {t('purchases.goToInvoices')}
            </Link>
          </Alert>
        ) : (
          <>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
              <TextField
                select
                label={t('purchases.vintage')}
                value={vintage}
                onChange={(event) => {
                  setVintage(Number(event.target.value));
                  setQuote(null);
                }}
              >
                {vintages.map((entry) => (
                  <MenuItem key={entry.vintage} value={entry.vintage} disabled={entry.available === '0'}>
                    {entry.vintage} — {t('purchases.availableCount', { quantity: formatNumber(BigInt(entry.available), language) })}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('purchases.quantity')}
                value={quantity}
                onChange={(event) => {
                  setQuantity(event.target.value.trim());
                  setQuote(null);
                }}
                error={quantityError}
                helperText={chosen ? t('purchases.atMost', { quantity: formatNumber(max, language) }) : ' '}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 13 } }}
              />
              <TextField
                select
                label={t('purchases.currency')}
                value={currency}
                onChange={(event) => {
                  setCurrency(event.target.value as InvoiceCurrency);
                  setQuote(null);
                }}
              >
                {CURRENCIES.map((code) => (
                  <MenuItem key={code} value={code}>
                    {code}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            {quote && (
              <Box
                component="section"
                aria-label={t('purchases.quote')}
                sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, p: 2, bgcolor: 'action.hover', borderRadius: 1 }}
              >
                <Line label={t('purchases.unitPrice')} value={formatMoney(quote.unitPrice, quote.currency, language)} />
                <Line label={t('purchases.subtotal', { quantity: quote.quantity })} value={formatMoney(quote.subtotal, quote.currency, language)} />
                <Line label={t('purchases.fee', { percent: quote.feeRateBps / 100 })} value={formatMoney(quote.fee, quote.currency, language)} />
                <Line label={t('purchases.total')} value={formatMoney(quote.total, quote.currency, language)} strong />
                {quote.currency !== 'USD' && (
                  <Typography variant="caption" color="text.secondary">
                    {t('purchases.conversion', {
                      usd: formatMoney(quote.unitPriceUsd, 'USD', language),
                      rate: PURCHASE_RATES_PER_USD[quote.currency],
                      currency: quote.currency,
                    })}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary">
                  {t('purchases.validUntil', { time: formatDateTime(quote.quoteExpiresAt, language) })}
                </Typography>
              </Box>
            )}
            {quote && (
              <TextField select label={t('purchases.wallet')} value={walletAddress} onChange={(event) => setWalletAddress(event.target.value)}>
                {(wallets.data ?? []).map((wallet) => (
                  <MenuItem key={wallet.id} value={wallet.address}>
                    {wallet.name ? `${wallet.name} — ${wallet.address}` : wallet.address}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {quote && wallets.data?.length === 0 && <Alert severity="warning">{t('purchases.noWallet')}</Alert>}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('purchases.close')}</Button>
        {!order && !quote && (
          <Button variant="contained" onClick={() => void askQuote()} disabled={vintage === '' || quantity === '' || quantityError || quoting.isPending}>
            {t('purchases.getQuote')}
          </Button>
        )}
        {!order && quote && (
          <Button variant="contained" onClick={() => void confirm()} disabled={!walletAddress || confirming.isPending}>
            {t('purchases.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
