import type { Language, ReconciliationSummaryRow } from '@carbonledger/contracts';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

/** docs/product.md §3 project summary: per project and vintage, the ledger against the chain (delta) and the registry. */
export function SummaryTable({ rows, language }: { rows: ReconciliationSummaryRow[]; language: Language }) {
  const { t } = useTranslation();
  const units = (value: string) => formatNumber(BigInt(value), language);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('reconciliation.summary.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('reconciliation.summary.project')}</TableCell>
            <TableCell>{t('reconciliation.summary.vintage')}</TableCell>
            <TableCell align="right">{t('reconciliation.summary.ledger')}</TableCell>
            <TableCell align="right">{t('reconciliation.summary.chain')}</TableCell>
            <TableCell align="right">{t('reconciliation.summary.delta')}</TableCell>
            <TableCell align="right">{t('reconciliation.summary.registryLocked')}</TableCell>
            <TableCell align="right">{t('reconciliation.summary.registryRetired')}</TableCell>
            <TableCell align="right">{t('reconciliation.summary.open')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.tokenMint} data-testid="reconciliation-summary-row">
              <TableCell>
                <Typography variant="body2">{row.project}</Typography>
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                  {row.symbol} · {row.tokenMint}
                </Typography>
              </TableCell>
              <TableCell>{row.vintage}</TableCell>
              <TableCell align="right">{units(row.ledger)}</TableCell>
              <TableCell align="right">{row.chain === null ? t('reconciliation.summary.missing') : units(row.chain)}</TableCell>
              <TableCell align="right">
                <Typography variant="body2" sx={row.delta === '0' ? undefined : { color: 'error.main', fontWeight: 600 }}>
                  {BigInt(row.delta) > 0n ? '+' : ''}
                  {units(row.delta)}
                </Typography>
              </TableCell>
              <TableCell align="right">{units(row.registryLocked)}</TableCell>
              <TableCell align="right">{units(row.registryRetired)}</TableCell>
              <TableCell align="right">{row.openDiscrepancies}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
