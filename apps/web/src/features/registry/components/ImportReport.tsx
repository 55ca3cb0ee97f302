import type { RegistryImport, RegistryImportOutcome } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

const OUTCOME_COLOR: Record<RegistryImportOutcome, 'success' | 'default' | 'primary' | 'error'> = {
  imported: 'success',
  retired: 'primary',
  unchanged: 'default',
  invalid: 'error',
};

/** The line-by-line report of an import: what each line became, and why a line was refused. */
export function ImportReport({ report }: { report: RegistryImport }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { counts } = report;
  return (
    <Box>
      <Typography role="status" sx={{ mb: 1 }}>
        {t('registry.import.summary', {
          rows: counts.rows,
          imported: counts.imported,
          retired: counts.retired,
          unchanged: counts.unchanged,
          invalid: counts.invalid,
          projects: counts.projectsCreated,
          units: formatNumber(BigInt(counts.importedUnits), language),
        })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('registry.import.reportTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('registry.import.line')}</TableCell>
              <TableCell>{t('registry.import.outcome')}</TableCell>
              <TableCell>{t('registry.import.project')}</TableCell>
              <TableCell>{t('registry.import.serial')}</TableCell>
              <TableCell align="right">{t('registry.import.units')}</TableCell>
              <TableCell>{t('registry.import.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.rows.map((row) => (
              <TableRow key={row.line}>
                <TableCell>{row.line}</TableCell>
                <TableCell>
                  <Chip size="small" color={OUTCOME_COLOR[row.outcome]} label={t(`registry.import.outcomes.${row.outcome}`)} />
                </TableCell>
                <TableCell>{row.projectName ? `${row.projectName} (${row.projectId})` : '—'}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>{row.serialNumber ?? '—'}</TableCell>
                <TableCell align="right">{row.units ? formatNumber(BigInt(row.units), language) : '—'}</TableCell>
                <TableCell>
                  {row.problem ? (
                    <>
                      <Typography variant="body2">{t(`registry.import.problems.${row.problem}`)}</Typography>
                      {row.reason && (
                        <Typography variant="caption" color="text.secondary" lang="en">
                          {row.reason}
                        </Typography>
                      )}
                    </>
                  ) : (
                    '—'
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
