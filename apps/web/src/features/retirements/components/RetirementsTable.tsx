import { CANCELLABLE_RETIREMENT_STATUSES, type Retirement } from '@carbonledger/contracts';
import Cancel from '@mui/icons-material/Cancel';
import Draw from '@mui/icons-material/Draw';
import Visibility from '@mui/icons-material/Visibility';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatTokenAmount, shortAddress } from '../../../lib/chain-format';
import { formatDateTime } from '../../../lib/format';
import { canPrepare } from '../retirement-guards';
import { RetirementStatusChip } from './RetirementStatusChip';
import { currentLanguage } from '../../../lib/i18n';

export interface RetirementRowActions {
  onView: (retirement: Retirement) => void;
  onCancel: (retirement: Retirement) => void;
  onPrepare: (retirement: Retirement) => void;
  canOperate: boolean;
}

/** docs/product.md §2 history: ID, status, amount, company, tx, registry, created, scheduled, completed, actions. */
export function RetirementsTable({ items, actions }: { items: readonly Retirement[]; actions: RetirementRowActions }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const date = (iso: string | null) => (iso ? formatDateTime(iso, language) : '—');
  const columns = ['id', 'status', 'amount', 'company', 'tx', 'registry', 'created', 'scheduled', 'completed', 'actions'] as const;
  return (
    <TableContainer>
      {/* Ten columns: narrower cell padding keeps the last ones (Completed, actions) on a laptop screen. */}
      <Table size="small" aria-label={t('retirements.history.title')} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} align={column === 'amount' ? 'right' : 'left'}>
                {t(`retirements.history.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((retirement) => (
            <TableRow key={retirement.id} data-testid={`retirement-row-${retirement.id}`}>
              <TableCell>
                <code title={retirement.id}>{retirement.id.slice(0, 8)}</code>
              </TableCell>
              <TableCell>
                <RetirementStatusChip status={retirement.status} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t('retirements.tonnes', { amount: formatTokenAmount(retirement.amount, retirement.decimals) })}
              </TableCell>
              <TableCell>{retirement.companyName}</TableCell>
              <TableCell>
                {retirement.signature && retirement.explorerUrl ? (
                  <Link
                    href={retirement.explorerUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('retirements.history.openTransaction', { signature: retirement.signature })}
                  >
                    {shortAddress(retirement.signature)}
                  </Link>
                ) : (
                  '—'
                )}
              </TableCell>
              <TableCell>{retirement.registryReference ?? '—'}</TableCell>
              {/* Dates may wrap (date, then time): ten columns have to fit a laptop screen. */}
              <TableCell>{date(retirement.createdAt)}</TableCell>
              <TableCell>{date(retirement.scheduledFor)}</TableCell>
              <TableCell>{date(retirement.completedAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t('retirements.history.view')}>
                  <IconButton size="small" aria-label={t('retirements.history.view')} onClick={() => actions.onView(retirement)}>
                    <Visibility fontSize="small" />
                  </IconButton>
                </Tooltip>
                {actions.canOperate && CANCELLABLE_RETIREMENT_STATUSES.includes(retirement.status) && (
                  <Tooltip title={t('retirements.history.cancel')}>
                    <IconButton size="small" aria-label={t('retirements.history.cancel')} onClick={() => actions.onCancel(retirement)}>
                      <Cancel fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                {actions.canOperate && canPrepare(retirement) && (
                  <Tooltip title={t('retirements.history.prepare')}>
                    <IconButton size="small" aria-label={t('retirements.history.prepare')} onClick={() => actions.onPrepare(retirement)}>
                      <Draw fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
