import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationPreferences,
  type NotificationType,
} from '@carbonledger/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import {
  pushSupported,
  usePushConfig,
  useNotificationPreferences,
  useSaveNotificationPreferences,
  useSendTestNotification,
  useSubscribeThisDevice,
} from '../api/notification-preferences';

/** Every IANA zone the browser knows, with the user's own first when it is missing from the list. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/**
 * Settings → Notifications (docs/product.md §2, §3 Notification preferences): which channel
 * carries which category, quiet hours in the user's time zone (e-mail, SMS and push wait; in-app
 * arrives), push on this device, and a test notification per channel.
 */
export function NotificationsTab() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  return (
    <Stack spacing={2}>
      {preferences.isPending && <Skeleton variant="rectangular" height={320} aria-label={t('notificationChannels.loading')} />}
      {preferences.isError && <Alert severity="error">{t('notificationChannels.loadFailed')}</Alert>}
      {/* Keyed by the saved value, so the form starts again from what the server kept. */}
      {preferences.data && <PreferencesForm key={JSON.stringify(preferences.data)} saved={preferences.data} />}
      <TestNotifications />
    </Stack>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreferences>(() =>
    saved.timeZone === 'UTC' ? { ...saved, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' } : saved,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(draft.timeZone), [draft.timeZone]);

  const toggle = (channel: NotificationChannel, category: NotificationType) =>
    setDraft((current) => ({
      ...current,
      channels: { ...current.channels, [channel]: { ...current.channels[channel], [category]: !current.channels[channel][category] } },
    }));
  const setQuiet = (change: Partial<NotificationPreferences['quietHours']>) =>
    setDraft((current) => ({ ...current, quietHours: { ...current.quietHours, ...change } }));

  const submit = () => {
    setFailure(null);
    save.mutate(draft, {
      onSuccess: () => enqueueSnackbar(t('notificationChannels.saved'), { variant: 'success' }),
      onError: (error) => setFailure(error instanceof ApiError ? error.message : t('notificationChannels.saveFailed')),
    });
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t('notificationChannels.channelsTitle')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('notificationChannels.channelsTitle')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('notificationChannels.category')}</TableCell>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <TableCell key={channel} align="center">
                    {t(`notificationChannels.channels.${channel}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {NOTIFICATION_CATEGORIES.map((category) => (
                <TableRow key={category}>
                  <TableCell component="th" scope="row">
                    {t(`notificationChannels.categories.${category}`)}
                  </TableCell>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <TableCell key={channel} align="center" padding="checkbox">
                      <Checkbox
                        checked={draft.channels[channel][category]}
                        onChange={() => toggle(channel, category)}
                        slotProps={{
                          input: {
                            'aria-label': t('notificationChannels.cellLabel', {
                              channel: t(`notificationChannels.channels.${channel}`),
                              category: t(`notificationChannels.categories.${category}`),
                            }),
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>

        <Typography variant="h6" component="h2">
          {t('notificationChannels.quietTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('notificationChannels.quietHelp')}
        </Typography>
        <FormControlLabel
          control={<Switch checked={draft.quietHours.enabled} onChange={(event) => setQuiet({ enabled: event.target.checked })} />}
          label={t('notificationChannels.quietEnabled')}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            type="time"
            label={t('notificationChannels.quietStart')}
            value={draft.quietHours.start}
            onChange={(event) => setQuiet({ start: event.target.value })}
            disabled={!draft.quietHours.enabled}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="time"
            label={t('notificationChannels.quietEnd')}
            value={draft.quietHours.end}
            onChange={(event) => setQuiet({ end: event.target.value })}
            disabled={!draft.quietHours.enabled}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label={t('notificationChannels.timeZone')}
            value={draft.timeZone}
            onChange={(event) => setDraft((current) => ({ ...current, timeZone: event.target.value }))}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 240 }}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </TextField>
        </Stack>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Box>
          <Button variant="contained" onClick={submit} loading={save.isPending}>
            {t('notificationChannels.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function TestNotifications() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const send = useSendTestNotification();
  const push = usePushConfig();
  const subscribe = useSubscribeThisDevice();
  const [sending, setSending] = useState<NotificationChannel | null>(null);

  const test = (channel: NotificationChannel) => {
    setSending(channel);
    send.mutate(channel, {
      onSuccess: (result) => enqueueSnackbar(t('notificationChannels.testSent', { where: result.deliveredTo }), { variant: 'success' }),
      onError: (error) => enqueueSnackbar(error instanceof ApiError ? error.message : t('notificationChannels.testFailed'), { variant: 'error' }),
      onSettled: () => setSending(null),
    });
  };
  const enablePush = () =>
    subscribe.mutate(push.data?.publicKey ?? '', {
      onSuccess: () => enqueueSnackbar(t('notificationChannels.pushEnabled'), { variant: 'success' }),
      onError: () => enqueueSnackbar(t('notificationChannels.pushFailed'), { variant: 'error' }),
    });

  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t('notificationChannels.testTitle')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <Button
              key={channel}
              variant="outlined"
              onClick={() => test(channel)}
              loading={sending === channel}
              disabled={sending !== null && sending !== channel}
            >
              {t('notificationChannels.sendTest', { channel: t(`notificationChannels.channels.${channel}`) })}
            </Button>
          ))}
        </Stack>
        <Typography variant="h6" component="h2">
          {t('notificationChannels.pushTitle')}
        </Typography>
        {push.isError && <Alert severity="error">{t('notificationChannels.loadFailed')}</Alert>}
        {push.data && <Typography variant="body2">{t('notificationChannels.pushDevices', { count: push.data.subscriptions })}</Typography>}
        {pushSupported() ? (
          <Box>
            <Button variant="outlined" onClick={enablePush} loading={subscribe.isPending} disabled={!push.data}>
              {t('notificationChannels.enablePush')}
            </Button>
          </Box>
        ) : (
          <Alert severity="info">{t('notificationChannels.pushUnsupported')}</Alert>
        )}
      </CardContent>
    </Card>
  );
}
