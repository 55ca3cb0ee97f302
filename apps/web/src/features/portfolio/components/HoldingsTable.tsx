import type { PortfolioHolding } from '@carbonledger/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatTokenAmount, shortAddress } from '../../../lib/chain-format';
import { formatCurrency } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

/** US cents (decimal string) as the reader's currency format (lib/format). */
export function centsToCurrency(cents: string, language: ReturnType<typeof currentLanguage>): string {
  return formatCurrency(Number(BigInt(cents)) / 100, language);
}

/** One row per token (project + vintage mint) per company wallet, as the chain holds it. */
export function HoldingsTable({ holdings }: { holdings: PortfolioHolding[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('portfolio.table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('portfolio.table.token')}</TableCell>
            <TableCell>{t('portfolio.table.project')}</TableCell>
            <TableCell>{t('portfolio.table.vintage')}</TableCell>
            <TableCell>{t('portfolio.table.wallet')}</TableCell>
            <TableCell align="right">{t('portfolio.table.held')}</TableCell>
            <TableCell align="right">{t('portfolio.table.retired')}</TableCell>
            <TableCell align="right">{t('portfolio.table.value')}</TableCell>
            <TableCell>{t('portfolio.table.state')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {holdings.map((holding) => (
            <TableRow key={`${holding.walletId}:${holding.mint}`} hover data-testid={`holding-${holding.mint}`}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {holding.symbol}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {holding.tokenName}
                </Typography>
              </TableCell>
              {/* The project's type sits under its name rather than in a column of its own, so every column fits a laptop. */}
              <TableCell>
                {holding.projectId ? (
                  <Link component={RouterLink} to={`/carbon-projects?project=${encodeURIComponent(holding.projectId)}`}>
                    {holding.projectName ?? holding.projectId}
                  </Link>
                ) : (
                  '—'
                )}
                {holding.projectType && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {t(`projects.types.${holding.projectType}`)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{holding.vintage ?? '—'}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  <code title={holding.walletAddress}>{shortAddress(holding.walletAddress)}</code>
                  <Tooltip title={t('portfolio.table.explorer')}>
                    <IconButton
                      size="small"
                      href={holding.walletExplorerUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('portfolio.table.explorerOf', { address: holding.walletAddress })}
                    >
                      <OpenInNew fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Box>
              </TableCell>
              <TableCell align="right">{formatTokenAmount(holding.heldAmount, holding.decimals)}</TableCell>
              <TableCell align="right">{formatTokenAmount(holding.retiredAmount, holding.decimals)}</TableCell>
              <TableCell align="right">{centsToCurrency(holding.valueUsdCents, language)}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant={holding.frozen ? 'outlined' : 'filled'}
                  color={holding.frozen ? 'default' : 'success'}
                  label={holding.frozen ? t('portfolio.frozen') : t('portfolio.active')}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
