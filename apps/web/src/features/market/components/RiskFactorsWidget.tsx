import type { RiskFactor, RiskLevel } from '@carbonledger/contracts';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { useRiskFactors } from '../api/risk-factors';
import { WidgetCard } from './WidgetCard';

// MUI's warning and info colours fail the contrast check with white text (the e2e accessibility check): error, success and default only.
const RISK_CHIPS = {
  low: { color: 'success', variant: 'outlined' },
  medium: { color: 'default', variant: 'filled' },
  high: { color: 'error', variant: 'outlined' },
  critical: { color: 'error', variant: 'filled' },
} as const satisfies Record<RiskLevel, object>;

/** docs/product.md §2 risk factors of the user's company, each scored low / medium / high / critical with its reason. */
export function RiskFactorsWidget() {
  const { t, i18n } = useTranslation();
  const risk = useRiskFactors();
  // The server words every reason in English; the user's language has the same sentence by key.
  const reasonOf = (factor: RiskFactor) => {
    const key = `market.risk.reasons.${factor.reasonKey}`;
    return i18n.exists(key) ? t(key, { ...factor.values }) : factor.reason;
  };
  return (
    <WidgetCard
      id="risk"
      title={t('market.risk.title')}
      loading={risk.isPending}
      failed={risk.isError}
      empty={!risk.data}
      action={
        risk.data && <Chip {...RISK_CHIPS[risk.data.overall]} label={t('market.risk.overall', { level: t(`market.risk.levels.${risk.data.overall}`) })} />
      }
    >
      {risk.data && (
        <List dense disablePadding>
          {risk.data.factors.map((factor) => (
            <ListItem
              key={factor.key}
              divider
              disableGutters
              secondaryAction={<Chip size="small" {...RISK_CHIPS[factor.level]} label={t(`market.risk.levels.${factor.level}`)} />}
            >
              <ListItemText
                sx={{ pr: 10 }}
                primary={t(`market.risk.factors.${factor.key}`)}
                slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 600 } } }}
                secondary={reasonOf(factor)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </WidgetCard>
  );
}
