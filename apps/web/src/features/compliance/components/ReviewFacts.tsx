import { KYC_CHECKLIST_ITEMS, type ComplianceProfile } from '@carbonledger/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const RISK_COLOURS = { low: 'success', medium: 'info', high: 'warning', critical: 'error' } as const;

/** The KYC review's risk level, score and checklist as the officers left them. */
export function ReviewFacts({ profile }: { profile: ComplianceProfile }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('compliance.riskLevel')}
          </Typography>
          {profile.riskLevel ? (
            <Chip size="small" color={RISK_COLOURS[profile.riskLevel]} label={t(`compliance.risk.${profile.riskLevel}`)} />
          ) : (
            <Typography variant="body2">{t('compliance.notAssessed')}</Typography>
          )}
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('compliance.score')}
          </Typography>
          <Typography variant="h6" component="p" data-testid="compliance-score">
            {profile.score === null ? '—' : t('compliance.scoreValue', { score: profile.score })}
          </Typography>
        </Box>
      </Box>
      <Typography variant="subtitle2" component="h3">
        {t('compliance.checklist')}
      </Typography>
      <List dense disablePadding>
        {KYC_CHECKLIST_ITEMS.map((item) => {
          const done = profile.checklist[item] === true;
          return (
            <ListItem key={item} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                {done ? <CheckCircle color="success" fontSize="small" /> : <RadioButtonUnchecked color="disabled" fontSize="small" />}
              </ListItemIcon>
              <ListItemText primary={t(`compliance.checklistItems.${item}`)} secondary={done ? t('compliance.checked') : t('compliance.notChecked')} />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
