import type { ComplianceProfile, ComplianceVolume } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { KycStatusChip } from './KycStatusChip';

const TOKEN_ACCOUNT_COLOURS = { open: 'success', frozen: 'error', syncing: 'warning' } as const;

function usedPercent(volume: ComplianceVolume): number {
  const limit = Number(volume.limit);
  return limit > 0 ? Math.min(100, (Number(volume.total) / limit) * 100) : 100;
}

function VolumeBar({ label, volume }: { label: string; volume: ComplianceVolume }) {
  const { t, i18n } = useTranslation();
  const number = (value: string) => Number(value).toLocaleString(i18n.language);
  const percent = usedPercent(volume);
  return (
    <Box data-testid={`compliance-volume-${label}`}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{t(`compliance.volume.${label}`)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('compliance.volume.used', { total: number(volume.total), limit: number(volume.limit) })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary'}
        aria-label={t(`compliance.volume.${label}`)}
        sx={{ height: 8, borderRadius: 1, my: 0.5 }}
      />
      <Typography variant="caption" color="text.secondary">
        {t('compliance.volume.breakdown', { minted: number(volume.minted), retired: number(volume.retired), remaining: number(volume.remaining) })}
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
