import { PURCHASE_ORDER_STATUSES, type PurchaseOrder, type PurchaseOrderStatus } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSnackbar } from '../../../lib/toast';
import { useCancelPurchase, usePurchaseOrders } from '../api/purchases';
import { purchaseFailure } from '../purchase-messages';

const STATUS_COLOURS: Record<PurchaseOrderStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  quoted: 'default',
  reserved: 'info',
  invoiced: 'warning',
  paid: 'info',
  delivered: 'success',
  expired: 'default',
  cancelled: 'default',
};

/**
 * docs/product.md §2 /carbon-projects: the credit purchase orders — the buyer's company's, or for
 * platform administrators every company's (with the company column) — live as they change.
 */
export function PurchaseOrdersSection({ showCompany }: { showCompany: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const [status, setStatus] = useState<PurchaseOrderStatus | ''>('');
  const orders = usePurchaseOrders(status || undefined);
  const cancelling = useCancelPurchase();
  const [toCancel, setToCancel] = useState<PurchaseOrder | null>(null);

  const cancel = async () => {
    if (!toCancel) return;
    try {
      await cancelling.mutateAsync({ orderId: toCancel.id, idempotencyKey: crypto.randomUUID() });
      enqueueSnackbar(t('purchases.cancelled'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(purchaseFailure(t, error), { variant: 'error' });
    } finally {
      setToCancel(null);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="purchase-orders-title">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" id="purchase-orders-title">
            {t('purchases.ordersTitle')}
          </Typography>
          <TextField
            select
            size="small"
            label={t('purchases.statusFilter')}
            value={status}
            onChange={(event) => setStatus(event.target.value as PurchaseOrderStatus | '')}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="">{t('common.all')}</MenuItem>
            {PURCHASE_ORDER_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`purchases.statuses.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {orders.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {orders.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void orders.refetch()}>
                {t('projects.retry')}
              </Button>
            }
          >
            {t('purchases.loadFailed')}
          </Alert>
        )}
        {orders.data && orders.data.orders.length === 0 && <Alert severity="info">{t('purchases.empty')}</Alert>}
        {orders.data && orders.data.orders.length > 0 && (
          <TableContainer>
            <Table size="small" aria-labelledby="purchase-orders-title">
              <TableHead>
                <TableRow>
                  <TableCell>{t('purchases.columns.created')}</TableCell>
                  {showCompany && <TableCell>{t('purchases.columns.company')}</TableCell>}
                  <TableCell>{t('purchases.columns.project')}</TableCell>
                  <TableCell align="right">{t('purchases.columns.quantity')}</TableCell>
                  <TableCell align="right">{t('purchases.columns.total')}</TableCell>
                  <TableCell>{t('purchases.columns.status')}</TableCell>
                  <TableCell>{t('purchases.columns.invoice')}</TableCell>
                  <TableCell>{t('purchases.columns.serials')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {orders.data.orders.map((order) => (
                  <TableRow key={order.id} data-testid={`purchase-order-${order.id}`}>
                    <TableCell>{formatDateTime(order.createdAt, language)}</TableCell>
                    {showCompany && <TableCell>{order.companyName}</TableCell>}
                    <TableCell>
                      {order.projectName} ({order.vintage})
                    </TableCell>
                    <TableCell align="right">{order.quantity} tCO2e</TableCell>
                    <TableCell align="right">{formatMoney(order.total, order.currency, language)}</TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLOURS[order.status]} label={t(`purchases.statuses.${order.status}`)} />
                      {order.deliveryError && (
                        <Typography variant="caption" color="error" component="div">
                          {order.deliveryError}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{order.invoiceNumber ?? '—'}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>{order.serialNumbers.join(', ') || '—'}</TableCell>
                    <TableCell>
                      {(order.status === 'quoted' || order.status === 'invoiced') && (
                        <Button size="small" onClick={() => setToCancel(order)} aria-label={t('purchases.cancelOf', { name: order.projectName })}>
                          {t('purchases.cancel')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      <ConfirmDialog
        confirmation={
          toCancel && {
            title: t('purchases.cancelTitle'),
            consequence: t('purchases.cancelMessage', { quantity: toCancel.quantity, name: toCancel.projectName }),
            confirmLabel: t('purchases.cancel'),
            color: 'error',
          }
        }
        busy={cancelling.isPending}
        onConfirm={() => void cancel()}
        onCancel={() => setToCancel(null)}
      />
    </Card>
  );
}
