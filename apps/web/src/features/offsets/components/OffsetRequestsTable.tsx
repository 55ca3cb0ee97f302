import type { Language, OffsetRequest, OffsetRequestList, OffsetRequestStatus } from '@carbonledger/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { countryName, formatDateTime } from '../../../lib/format';
import { useSnackbar } from '../../../lib/toast';
import { useWithdrawOffsetRequest } from '../api/withdraw-offset-request';
import { offsetMessage } from '../offset-messages';

const STATUS_COLOURS: Record<OffsetRequestStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  pending_approval: 'warning',
  approved: 'info',
  retiring: 'info',
  completed: 'success',
  rejected: 'error',
  failed: 'error',
  withdrawn: 'default',
};

function Outcome({ request }: { request: OffsetRequest }) {
  const { t } = useTranslation();
  if (request.certificateNumber && request.certificateUrl)
    return (
      <Link href={request.certificateUrl} target="_blank" rel="noopener" data-testid="offset-certificate">
        {request.certificateNumber}
      </Link>
    );
  if (request.error)
    return (
      <Typography variant="body2" color="error">
        {offsetMessage(t, request.error)}
      </Typography>
    );
  if (request.status === 'retiring' && request.retirementStatus === 'scheduled')
    return <Typography variant="body2">{t('offsets.scheduledFor', { date: request.requestedDate })}</Typography>;
  return (
    <Typography variant="body2" color="text.secondary">
      —
    </Typography>
  );
}

/**
 * Both sides' view of the requests: what was asked, by whom, its status and, once retired, its
 * certificate. The requester may withdraw their own request while it waits for approval.
 */
export function OffsetRequestsTable({ list, language, currentUserId }: { list: OffsetRequestList; language: Language; currentUserId: string | undefined }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const withdraw = useWithdrawOffsetRequest();
  const [withdrawing, setWithdrawing] = useState<{ request: OffsetRequest; idempotencyKey: string } | null>(null);
  const confirmWithdraw = () => {
    if (!withdrawing) return;
    withdraw.mutate(
      { id: withdrawing.request.id, idempotencyKey: withdrawing.idempotencyKey },
      {
        onSuccess: () => enqueueSnackbar(t('governance.offsets.withdrawn'), { variant: 'success' }),
        onError: (error) =>
          enqueueSnackbar(error instanceof Error && error.message ? offsetMessage(t, error.message) : t('governance.offsets.withdrawFailed'), {
            variant: 'error',
          }),
        onSettled: () => setWithdrawing(null),
      },
    );
  };
  return (
    <TableContainer>
      <Table size="small" aria-label={t('offsets.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('offsets.columns.created')}</TableCell>
            <TableCell>{t('offsets.columns.company')}</TableCell>
            <TableCell>{t('offsets.columns.beneficiary')}</TableCell>
            <TableCell>{t('offsets.columns.credits')}</TableCell>
            <TableCell>{t('offsets.columns.sourcing')}</TableCell>
            <TableCell>{t('offsets.columns.requestedDate')}</TableCell>
            <TableCell>{t('offsets.columns.status')}</TableCell>
            <TableCell>{t('offsets.columns.certificate')}</TableCell>
            <TableCell>{t('governance.offsets.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.items.map((request) => (
            <TableRow key={request.id} hover data-testid={`offset-request-${request.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Typography variant="body2">{formatDateTime(request.createdAt, language)}</Typography>
                {request.requestedBy && (
                  <Typography variant="caption" color="text.secondary">
                    {request.requestedBy.name}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{request.companyName}</TableCell>
              <TableCell>
                <Typography variant="body2">{request.beneficiaryName}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {request.purpose} · {countryName(request.country, language)}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Typography variant="body2">{t('offsets.tonnes', { amount: request.quantity })}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {request.tokenSymbol} · {request.projectName}
                </Typography>
              </TableCell>
              <TableCell>{t(`offsets.sourcing.${request.sourcing}`)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{request.requestedDate}</TableCell>
              <TableCell>
                <Chip size="small" color={STATUS_COLOURS[request.status]} label={t(`offsets.status.${request.status}`)} />
              </TableCell>
              <TableCell>
                <Outcome request={request} />
              </TableCell>
              <TableCell>
                {request.status === 'pending_approval' && request.requestedBy?.id === currentUserId && (
                  <Button size="small" color="error" onClick={() => setWithdrawing({ request, idempotencyKey: crypto.randomUUID() })}>
                    {t('governance.offsets.withdraw')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        confirmation={
          withdrawing && {
            title: t('governance.offsets.withdrawTitle'),
            consequence: `${withdrawing.request.beneficiaryName} · ${t('offsets.tonnes', { amount: withdrawing.request.quantity })}. ${t('governance.offsets.withdrawBody')}`,
            confirmLabel: t('governance.offsets.withdraw'),
          }
        }
        busy={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={confirmWithdraw}
      />
    </TableContainer>
  );
}
