import type { ComplianceProfile, ComplianceVolume } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { KycStatusChip } from './KycStatusChip';

const TOKEN_ACCOUNT_COLOURS = { open: 'success', frozen: 'error', syncing: 'warning' } as const;

function usedPercent(used: string, limit: string): number {
  const cap = Number(limit);
  return cap > 0 ? Math.min(100, (Number(used) / cap) * 100) : 100;
}

/** One kind's use of the period's limit: tokenisation and retirement each count on their own (docs/product.md §5 Compliance limits). */
function KindBar({ kind, used, limit, label }: { kind: 'tokenised' | 'retired'; used: string; limit: string; label: string }) {
  const { t, i18n } = useTranslation();
  const number = (value: string) => Number(value).toLocaleString(i18n.language);
  const percent = usedPercent(used, limit);
  return (
    <Box data-testid={`compliance-volume-${label}-${kind}`}>
      <Typography variant="body2" color="text.secondary">
        {t(`compliance.volume.${kind}`, { amount: number(used), limit: number(limit) })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary'}
        aria-label={`${t(`compliance.volume.${label}`)}: ${t(`compliance.volume.${kind}`, { amount: number(used), limit: number(limit) })}`}
        sx={{ height: 8, borderRadius: 1, my: 0.5 }}
      />
    </Box>
  );
}

function VolumeBar({ label, volume }: { label: string; volume: ComplianceVolume }) {
  const { t, i18n } = useTranslation();
  const number = (value: string) => Number(value).toLocaleString(i18n.language);
  return (
    <Box data-testid={`compliance-volume-${label}`}>
      <Typography variant="subtitle2">{t(`compliance.volume.${label}`)}</Typography>
      <KindBar kind="tokenised" used={volume.minted} limit={volume.limit} label={label} />
      <KindBar kind="retired" used={volume.retired} limit={volume.limit} label={label} />
      <Typography variant="caption" color="text.secondary">
        {t('compliance.volume.remaining', { mint: number(volume.mintRemaining), retire: number(volume.retireRemaining) })}
      </Typography>
    </Box>
  );
}

/** A company's KYC tier, limits and the tCO2e volume used of them today and this month (docs/product.md §5 Compliance limits). */
export function ComplianceLimits({ profile }: { profile: ComplianceProfile }) {
  const { t, i18n } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <KycStatusChip status={profile.kycStatus} />
        <Chip size="small" variant="outlined" label={t('compliance.tierLabel', { tier: t(`compliance.tiers.${profile.kycTier}`) })} />
        <Chip
          size="small"
          variant="outlined"
          color={TOKEN_ACCOUNT_COLOURS[profile.tokenAccounts]}
          label={t(`compliance.tokenAccounts.${profile.tokenAccounts}`)}
        />
      </Box>
      <Typography variant="body2" data-testid="compliance-limits">
        {t('compliance.limitsLine', {
          daily: Number(profile.dailyLimit).toLocaleString(i18n.language),
          monthly: Number(profile.monthlyLimit).toLocaleString(i18n.language),
        })}
      </Typography>
      <VolumeBar label="daily" volume={profile.daily} />
      <VolumeBar label="monthly" volume={profile.monthly} />
      {profile.kycStatus !== 'approved' && (
        <Typography variant="body2" color="warning.main">
          {t('compliance.kycNotApproved')}
        </Typography>
      )}
    </Box>
  );
}
