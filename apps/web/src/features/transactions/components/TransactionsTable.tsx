import type { TransactionView } from '@carbonledger/contracts';
import ContentCopy from '@mui/icons-material/ContentCopy';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatTokenAmount, shortAddress } from '../../../lib/chain-format';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { TransactionStatusChip, TransactionTypeChip } from './TransactionChips';

/** docs/product.md §2 Transactions table: date, type, token/project, amount, status, hash, actions. */
export function TransactionsTable({
  transactions,
  onCopyHash,
  onDetails,
}: {
  transactions: TransactionView[];
  onCopyHash: (hash: string) => void;
  onDetails: (transaction: TransactionView) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('transactions.table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('transactions.table.date')}</TableCell>
            <TableCell>{t('transactions.table.type')}</TableCell>
            <TableCell>{t('transactions.table.token')}</TableCell>
            <TableCell align="right">{t('transactions.table.amount')}</TableCell>
            <TableCell>{t('transactions.table.status')}</TableCell>
            <TableCell>{t('transactions.table.hash')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {transactions.map((transaction) => (
            <TableRow key={transaction.id} hover data-testid={`transaction-row-${transaction.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(transaction.date, language)}</TableCell>
              <TableCell>
                <TransactionTypeChip type={transaction.type} />
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {transaction.tokenSymbol ?? t('transactions.unknownToken')}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {transaction.project ?? (transaction.tokenMint ? shortAddress(transaction.tokenMint) : '')}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t('transactions.tonnes', { amount: formatTokenAmount(transaction.amount, transaction.decimals) })}
              </TableCell>
              <TableCell>
                <TransactionStatusChip status={transaction.status} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {transaction.hash ? (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <Typography variant="caption" component="code" title={transaction.hash}>
                      {shortAddress(transaction.hash)}
                    </Typography>
                    <Tooltip title={t('transactions.copyHash')}>
                      <IconButton size="small" aria-label={t('transactions.copyHash')} onClick={() => onCopyHash(transaction.hash!)}>
                        <ContentCopy fontSize="inherit" />
                      </IconButton>
                    </Tooltip>
                  </Box>
                ) : (
                  <Typography variant="caption" color="text.secondary">
                    {t('transactions.notSent')}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">
                <Tooltip title={t('transactions.details')}>
                  <IconButton size="small" aria-label={t('transactions.details')} onClick={() => onDetails(transaction)}>
                    <InfoOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
