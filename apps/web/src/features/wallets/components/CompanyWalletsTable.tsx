import type { CompanyWallet } from '@carbonledger/contracts';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { shortAddress } from '../../../lib/chain-format';
import { WalletStatusChip } from './WalletStatusChip';

export interface WalletRowActions {
  onCopy: (wallet: CompanyWallet) => void;
  onExplorer: (wallet: CompanyWallet) => void;
  onDetails: (wallet: CompanyWallet) => void;
  onSetPrimary?: (wallet: CompanyWallet) => void;
  onRemove?: (wallet: CompanyWallet) => void;
  /** Extra per-row actions (the approvals view's decisions). */
  extra?: (wallet: CompanyWallet) => ReactNode;
}

function Action({ label, onClick, children, disabled }: { label: string; onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** docs/product.md §2 columns: wallet, type, status, registered at, approved by. */
export function CompanyWalletsTable({ wallets, actions, showCompany = false }: { wallets: CompanyWallet[]; actions: WalletRowActions; showCompany?: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <TableContainer>
      <Table size="small" aria-label={t('wallets.table.label')}>
        <TableHead>
          <TableRow>
            {showCompany && <TableCell>{t('wallets.table.company')}</TableCell>}
            <TableCell>{t('wallets.table.wallet')}</TableCell>
            <TableCell>{t('wallets.table.type')}</TableCell>
            <TableCell>{t('wallets.table.status')}</TableCell>
            <TableCell>{t('wallets.table.registeredAt')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('wallets.table.approvedBy')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {wallets.map((wallet) => (
            <TableRow key={wallet.id} hover data-testid={`wallet-row-${wallet.address}`}>
              {showCompany && <TableCell>{wallet.companyName}</TableCell>}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Box>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {wallet.name ?? t('wallets.unnamed')}
                    </Typography>
                    <Typography variant="caption" component="code" color="text.secondary" title={wallet.address}>
                      {shortAddress(wallet.address)}
                    </Typography>
                  </Box>
                  {wallet.primary && <Chip size="small" color="primary" variant="outlined" label={t('wallets.primary')} />}
                </Box>
              </TableCell>
              <TableCell>
                {t(`wallets.type.${wallet.type}`)}
                {wallet.provider && wallet.type === 'external' && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {t(`wallets.provider.${wallet.provider}`)}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <WalletStatusChip status={wallet.status} />
                {!wallet.operational && wallet.statusReason && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {wallet.statusReason}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{formatDateTime(wallet.createdAt, language)}</TableCell>
              <TableCell>{wallet.approvedBy ?? '—'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {/* The decisions wrap under each other rather than push the row past the screen's edge. */}
                {actions.extra && <Box sx={{ mb: 0.5, display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5 }}>{actions.extra(wallet)}</Box>}
                <Action label={t('wallets.actions.copy')} onClick={() => actions.onCopy(wallet)}>
                  <ContentCopy fontSize="small" />
                </Action>
                <Action label={t('wallets.actions.explorer')} onClick={() => actions.onExplorer(wallet)}>
                  <OpenInNew fontSize="small" />
                </Action>
                <Action label={t('wallets.actions.details')} onClick={() => actions.onDetails(wallet)}>
                  <InfoOutlined fontSize="small" />
                </Action>
                {actions.onSetPrimary && (
                  <Action
                    label={wallet.primary ? t('wallets.primary') : t('wallets.actions.setPrimary')}
                    onClick={() => actions.onSetPrimary?.(wallet)}
                    disabled={wallet.primary || !wallet.operational}
                  >
                    {wallet.primary ? <Star fontSize="small" /> : <StarBorder fontSize="small" />}
                  </Action>
                )}
                {actions.onRemove && (
                  <Action label={t('wallets.actions.remove')} onClick={() => actions.onRemove?.(wallet)}>
                    <DeleteOutlined fontSize="small" />
                  </Action>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
