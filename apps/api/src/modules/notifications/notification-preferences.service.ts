import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationChannel, type NotificationPreferences, type NotificationType } from '@carbonledger/contracts';
import type { Tx } from '../../db/database';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../audit';
import { preferencesOf, upsertPreferences, type PreferencesRow } from './notification-channels.repository';

function toPreferences(row: PreferencesRow | undefined): NotificationPreferences {
  if (!row) return DEFAULT_NOTIFICATION_PREFERENCES;
  return { channels: row.channels, quietHours: { enabled: row.quietHoursEnabled, start: row.quietStart, end: row.quietEnd }, timeZone: row.timeZone };
}

export async function preferencesOfUser(tx: Tx, userId: string): Promise<NotificationPreferences> {
  const [row] = await preferencesOf(tx, [userId]);
  return toPreferences(row);
}

/** Each user's preferences, the defaults for those who never saved any. */
export async function preferencesOfUsers(tx: Tx, userIds: readonly string[]): Promise<Map<string, NotificationPreferences>> {
  const rows = new Map((await preferencesOf(tx, userIds)).map((row) => [row.userId, row]));
  return new Map(userIds.map((userId) => [userId, toPreferences(rows.get(userId))]));
}

export async function savePreferences(tx: Tx, actor: Actor, preferences: NotificationPreferences, requestId: string): Promise<NotificationPreferences> {
  const row = await upsertPreferences(tx, {
    userId: actor.userId,
    tenantId: actor.tenantId,
    channels: preferences.channels,
    quietHoursEnabled: preferences.quietHours.enabled,
    quietStart: preferences.quietHours.start,
    quietEnd: preferences.quietHours.end,
    timeZone: preferences.timeZone,
  });
  await recordAudit(tx, {
    tenantId: actor.tenantId,
    actorUserId: actor.userId,
    action: 'notification_preferences.updated',
    resourceType: 'user',
    resourceId: actor.userId,
    details: { ...preferences },
    requestId,
  });
  return toPreferences(row);
}

export function wants(preferences: NotificationPreferences, channel: NotificationChannel, type: NotificationType): boolean {
  return preferences.channels[channel][type];
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * When the user's quiet hours end, if `now` falls inside them; null outside them. Local
 * times are read in the user's time zone; an end before the start spans midnight, and equal
 * start and end mean no quiet time. Across a daylight-saving change the end may be off by
 * the hour that moved, which only delays or advances a held message by that hour.
 */
export function quietHoursEnd(preferences: NotificationPreferences, now: Date): Date | null {
  const { enabled, start, end } = preferences.quietHours;
  if (!enabled || start === end) return null;
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: preferences.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const local = Number(parts.find((part) => part.type === 'hour')!.value) * 60 + Number(parts.find((part) => part.type === 'minute')!.value);
  const from = minutesOf(start);
  const to = minutesOf(end);
  const quiet = from < to ? local >= from && local < to : local >= from || local < to;
  if (!quiet) return null;
  const minutesLeft = (to - local + 1440) % 1440;
  const startOfMinute = Math.floor(now.getTime() / 60_000) * 60_000;
  return new Date(startOfMinute + minutesLeft * 60_000);
}
