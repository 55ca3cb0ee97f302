-- Notification channels (docs/product.md §3 Notification preferences, §7): each user's
-- channel × category choices and quiet hours, the browsers subscribed to Web Push, the SMS
-- the local outbox driver keeps (the embedded default has no SMS provider), and one row per
-- notification and outside channel, so that a delivery held back by quiet hours is sent
-- exactly once by its job.

CREATE TABLE notification_preferences (
  user_id uuid PRIMARY KEY REFERENCES users(id),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  channels jsonb NOT NULL,
  quiet_hours_enabled boolean NOT NULL DEFAULT false,
  quiet_start text NOT NULL CHECK (quiet_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  quiet_end text NOT NULL CHECK (quiet_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  time_zone text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE notification_preferences ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON notification_preferences USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, UPDATE ON notification_preferences TO carbonledger_app;

CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  user_id uuid NOT NULL REFERENCES users(id),
  endpoint text NOT NULL UNIQUE CHECK (length(endpoint) <= 2000),
  p256dh text NOT NULL,
  auth text NOT NULL,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (tenant_id, user_id);
ALTER TABLE push_subscriptions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON push_subscriptions USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
-- A push service answering 404/410 means the browser dropped the subscription: the row goes.
GRANT SELECT, INSERT, UPDATE, DELETE ON push_subscriptions TO carbonledger_app;

CREATE TABLE sms_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  user_id uuid REFERENCES users(id),
  recipient text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_outbox_recent ON sms_outbox (tenant_id, created_at DESC);
ALTER TABLE sms_outbox ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sms_outbox USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT ON sms_outbox TO carbonledger_app;

CREATE TABLE notification_deliveries (
  notification_id uuid NOT NULL REFERENCES notifications(id),
  channel text NOT NULL CHECK (channel IN ('email', 'sms', 'push')),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  status text NOT NULL CHECK (status IN ('held', 'sent', 'failed')),
  deliver_after timestamptz,
  sent_at timestamptz,
  error text CHECK (length(error) <= 1000),
  PRIMARY KEY (notification_id, channel)
);
ALTER TABLE notification_deliveries ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON notification_deliveries USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
GRANT SELECT, INSERT, UPDATE ON notification_deliveries TO carbonledger_app;
