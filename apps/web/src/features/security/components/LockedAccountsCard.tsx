import { canAccess, type LockedAccount } from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAuthStore } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { useSnackbar } from '../../../lib/toast';
import { useLockedAccounts } from '../api/locked-accounts';
import { useUnlockAccount } from '../api/unlock-account';

/**
 * Accounts locked by failed sign-ins, with the way back: an administrator unlocks one after
 * confirming. Officers without users:manage (CSO, HEAD_OF_DIGITAL_ASSETS) see the list only.
 */
export function LockedAccountsCard() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const user = useAuthStore((state) => state.user);
  const session = useAuthStore((state) => state.session);
  const mayUnlock = Boolean(user && session && canAccess(user.role, session.permissions, 'users', 'manage'));
  const locked = useLockedAccounts();
  const unlock = useUnlockAccount();
  const [asking, setAsking] = useState<LockedAccount | null>(null);

  const confirmUnlock = () => {
    if (!asking) return;
    unlock.mutate(asking.userId, {
      onSuccess: () => enqueueSnackbar(t('securityCenter.unlocked', { email: asking.email }), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' }),
      onSettled: () => setAsking(null),
    });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="locked-accounts-title">
      <CardHeader title={t('securityCenter.lockedAccounts')} slotProps={{ title: { id: 'locked-accounts-title', component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {locked.isError && <Alert severity="error">{translateMessage(t, locked.error.message)}</Alert>}
        {locked.data?.length === 0 && <Typography color="text.secondary">{t('securityCenter.noLockedAccounts')}</Typography>}
        <List disablePadding>
          {locked.data?.map((account) => (
            <ListItem
              key={account.userId}
              divider
              secondaryAction={
                mayUnlock && (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setAsking(account)}
                    aria-label={t('securityCenter.unlockAccount', { email: account.email })}
                  >
                    {t('securityCenter.unlock')}
                  </Button>
                )
              }
            >
              <ListItemText
                sx={{ pr: mayUnlock ? 12 : 0 }}
                primary={`${account.name} · ${account.email}`}
                secondary={t('securityCenter.lockedDetail', {
                  company: account.companyName,
                  failures: account.consecutiveFailures,
                  until: formatDateTime(account.lockedUntil, language),
                })}
              />
            </ListItem>
          ))}
        </List>
      </CardContent>
      <ConfirmDialog
        confirmation={
          asking && {
            title: t('securityCenter.unlockTitle', { email: asking.email }),
            consequence: t('securityCenter.unlockConsequence', { name: asking.name, email: asking.email }),
            confirmLabel: t('securityCenter.unlock'),
            color: 'primary',
          }
        }
        busy={unlock.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={confirmUnlock}
      />
    </Card>
  );
}
