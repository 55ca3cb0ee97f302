import { NOTIFICATIONS, SERVER_EVENTS, type Notification } from '@carbonledger/contracts';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { BellPopover } from '../../../components/BellPopover';
import { useSnackbar } from '../../../lib/toast';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useMarkAllNotificationsRead } from '../api/mark-all-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { notificationKeys, useNotifications } from '../api/notifications';
import { useFallbackInterval, useRealtimeInvalidate } from '../../../lib/realtime';

/**
 * docs/product.md §2/§9: a notification pops up when it arrives while the user is here, at most 3 at a
 * time, for 6 s. What the first answer already holds arrived earlier: the bell lists it, and
 * it never pops up again on a later page load.
 */
function useArrivalToasts(items: readonly Notification[] | undefined) {
  const { enqueueSnackbar } = useSnackbar();
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!items) return;
    if (!known.current) {
      known.current = new Set(items.map((item) => item.id));
      return;
    }
    const seen = known.current;
    const arrived = items.filter((item) => !seen.has(item.id));
    arrived.forEach((item) => seen.add(item.id));
    for (const item of arrived.filter((notification) => !notification.read).slice(0, NOTIFICATIONS.maxToasts)) {
      enqueueSnackbar(item.title, { variant: 'info', autoHideDuration: NOTIFICATIONS.toastAutoHideMs, key: `notification-${item.id}` });
    }
  }, [items, enqueueSnackbar]);
}

export function NotificationsBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Pushed over the socket; the poll only covers a socket that is down.
  useRealtimeInvalidate([SERVER_EVENTS.notificationNew, SERVER_EVENTS.notificationsCount], notificationKeys.all);
  const notifications = useNotifications({ refetchInterval: useFallbackInterval(5 * 60_000, 60_000) });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const items = notifications.data?.items.slice(0, NOTIFICATIONS.popoverSize) ?? [];
  const unread = notifications.data?.unreadCount ?? 0;
  useArrivalToasts(notifications.data?.items);
  const label = t('notifications.bell', { count: unread });

  return (
    <BellPopover
      title={t('notifications.title')}
      buttonLabel={label}
      icon={<NotificationsOutlined />}
      badgeContent={unread}
      badgeColor="secondary"
      badgeMax={99}
      paperSx={{ width: 350, maxHeight: 480 }}
    >
      {(close) => (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('notifications.title')}
            </Typography>
            <Button size="small" disabled={unread === 0 || markAllRead.isPending} onClick={() => markAllRead.mutate()}>
              {t('notifications.markAllRead')}
            </Button>
          </Box>
          <Divider />
          {items.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {t('notifications.empty')}
            </Typography>
          ) : (
            <List dense disablePadding>
              {items.map((item) => (
                <ListItemButton
                  key={item.id}
                  onClick={() => {
                    if (!item.read) markRead.mutate(item.id);
                    if (item.link) {
                      close();
                      void navigate(item.link);
                    }
                  }}
                  sx={{ alignItems: 'flex-start', bgcolor: item.read ? undefined : 'action.hover' }}
                >
                  <ListItemText
                    primary={item.title}
                    secondary={
                      <>
                        <Box component="span" sx={{ display: 'block' }}>
                          {item.message}
                        </Box>
                        <Box component="span" sx={{ display: 'block', fontSize: 12 }}>
                          {t(`notifications.types.${item.type}`)} · {formatDateTime(item.timestamp, currentLanguage())}
                        </Box>
                      </>
                    }
                    slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 600 } } }}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </>
      )}
    </BellPopover>
  );
}
