import { mfaConfirmRequest, type User } from '@carbonledger/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { useConfirmMfa, useDisableMfa, useStartMfaEnrolment } from '../api/mfa';
import { useOwnSecurityHistory } from '../api/own-security-history';
import { useOwnSessions, useSignOutSession } from '../api/own-sessions';

type CodeForm = { code: string };

function TwoFactorCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const userUpdated = useAuthStore((state) => state.userUpdated);
  const enrol = useStartMfaEnrolment();
  const confirm = useConfirmMfa();
  const disable = useDisableMfa();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CodeForm>({ resolver: zodResolver(mfaConfirmRequest), defaultValues: { code: '' } });
  const showError = (error: Error) => enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' });

  const onConfirm = handleSubmit(({ code }) =>
    confirm.mutate(code, {
      onSuccess: ({ recoveryCodes: codes }) => {
        setRecoveryCodes(codes);
        enrol.reset();
        reset();
        userUpdated({ ...user, mfaEnabled: true });
        enqueueSnackbar(t('settings.security.mfaEnabled'), { variant: 'success' });
      },
      onError: showError,
    }),
  );
  const onDisable = handleSubmit(({ code }) =>
    disable.mutate(code, {
      onSuccess: () => {
        setDisabling(false);
        reset();
        userUpdated({ ...user, mfaEnabled: false });
        enqueueSnackbar(t('settings.security.mfaDisabled'), { variant: 'success' });
      },
      onError: showError,
    }),
  );
  const codeField = (
    <TextField
      label={t('settings.security.code')}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      error={Boolean(errors.code)}
      helperText={errors.code ? t('settings.security.codeHelp') : undefined}
      size="small"
      {...register('code')}
    />
  );

  return (
    <Card variant="outlined" component="section" aria-labelledby="mfa-title">
      <CardHeader
        title={t('settings.security.twoFactor')}
        slotProps={{ title: { id: 'mfa-title', component: 'h2', variant: 'h6' } }}
        action={<Chip label={user.mfaEnabled ? t('settings.security.on') : t('settings.security.off')} color={user.mfaEnabled ? 'success' : 'default'} />}
      />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography color="text.secondary">{t('settings.security.twoFactorHelp')}</Typography>
        {recoveryCodes && (
          <Alert severity="success" onClose={() => setRecoveryCodes(null)}>
            <Typography variant="subtitle2">{t('settings.security.recoveryCodes')}</Typography>
            <Box component="ul" sx={{ columns: 2, fontFamily: 'monospace', m: 0, pl: 2 }}>
              {recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </Box>
          </Alert>
        )}
        {!user.mfaEnabled && !enrol.data && (
          <Box>
            <Button variant="contained" onClick={() => enrol.mutate(undefined, { onError: showError })} disabled={enrol.isPending}>
              {t('settings.security.enable')}
            </Button>
          </Box>
        )}
        {!user.mfaEnabled && enrol.data && (
          <Box component="form" noValidate onSubmit={onConfirm} sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <Box
              component="img"
              src={enrol.data.qrCodeDataUrl}
              alt={t('settings.security.qrAlt')}
              sx={{ width: 180, height: 180, bgcolor: '#fff', p: 1, borderRadius: 1 }}
            />
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, maxWidth: 360 }}>
              <Typography>{t('settings.security.scan')}</Typography>
              <Typography variant="body2" data-testid="mfa-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {enrol.data.secret}
              </Typography>
              {codeField}
              <Button type="submit" variant="contained" disabled={confirm.isPending}>
                {t('settings.security.confirm')}
              </Button>
            </Box>
          </Box>
        )}
        {user.mfaEnabled &&
          (disabling ? (
            <Box component="form" noValidate onSubmit={onDisable} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              {codeField}
              <Button type="submit" color="error" variant="contained" disabled={disable.isPending}>
                {t('settings.security.disable')}
              </Button>
              <Button onClick={() => setDisabling(false)}>{t('common.cancel')}</Button>
            </Box>
          ) : (
            <Box>
              <Button color="error" variant="outlined" onClick={() => setDisabling(true)}>
                {t('settings.security.disable')}
              </Button>
            </Box>
          ))}
      </CardContent>
    </Card>
  );
}

export function SecurityTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const language = currentLanguage();
  const sessions = useOwnSessions(user.id);
  const history = useOwnSecurityHistory(user.id);
  const signOut = useSignOutSession();
  const devices = [...new Map((sessions.data ?? []).map((session) => [session.device, session])).values()];

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TwoFactorCard user={user} />
      </Box>
      <Card variant="outlined" component="section" aria-labelledby="own-sessions-title">
        <CardHeader title={t('settings.security.sessions')} slotProps={{ title: { id: 'own-sessions-title', component: 'h2', variant: 'h6' } }} />
        <CardContent>
          {sessions.isError && <Alert severity="error">{translateMessage(t, sessions.error.message)}</Alert>}
          <List disablePadding dense>
            {sessions.data?.map((session) => (
              <ListItem
                key={session.id}
                divider
                secondaryAction={
                  session.current ? (
                    <Chip size="small" color="primary" label={t('sessions.current')} />
                  ) : (
                    <Button
                      size="small"
                      color="error"
                      disabled={signOut.isPending}
                      onClick={() =>
                        signOut.mutate(session.id, {
                          onSuccess: () => enqueueSnackbar(t('sessions.terminated'), { variant: 'success' }),
                          onError: (error) => enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' }),
                        })
                      }
                    >
                      {t('sessions.terminate')}
                    </Button>
                  )
                }
              >
                <ListItemText sx={{ pr: 12 }} primary={session.device} secondary={`${session.location} · ${formatDateTime(session.loginTime, language)}`} />
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="devices-title">
        <CardHeader title={t('settings.security.devices')} slotProps={{ title: { id: 'devices-title', component: 'h2', variant: 'h6' } }} />
        <CardContent>
          <List disablePadding dense>
            {devices.map((session) => (
              <ListItem key={session.device} divider>
                <ListItemText primary={session.device} secondary={t('settings.security.lastSeen', { date: formatDateTime(session.lastSeen, language) })} />
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
      <Card variant="outlined" component="section" aria-labelledby="history-title" sx={{ gridColumn: '1 / -1' }}>
        <CardHeader title={t('settings.security.history')} slotProps={{ title: { id: 'history-title', component: 'h2', variant: 'h6' } }} />
        <CardContent>
          {history.isError && <Alert severity="info">{translateMessage(t, history.error.message)}</Alert>}
          {history.data?.length === 0 && <Typography color="text.secondary">{t('securityCenter.noEvents')}</Typography>}
          <List disablePadding dense>
            {history.data?.map((event) => (
              <ListItem key={event.id} divider>
                <ListItemText
                  primary={t(`securityEvents.${event.type}`)}
                  secondary={`${event.ip ?? '—'} · ${event.userAgent ?? ''} · ${formatDateTime(event.timestamp, language)}`}
                />
              </ListItem>
            ))}
          </List>
        </CardContent>
      </Card>
    </Box>
  );
}
