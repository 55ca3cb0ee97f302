import { notificationPreferenceTexts } from '../notification-preferences';
import { domainError } from './define';

/** The notification channels' business failures (docs/architecture.md "Errors"). */
export const notificationErrors = {
  /** A test push for a user who has no device subscribed. */
  NOTIFICATION__NO_PUSH_SUBSCRIPTION: domainError('CONFLICT', notificationPreferenceTexts.noPushSubscription),
  /** A test SMS for a user without a phone number. */
  NOTIFICATION__NO_PHONE: domainError('CONFLICT', notificationPreferenceTexts.noPhone),
} as const;
