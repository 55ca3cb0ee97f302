-- Webhooks (docs/product.md §2 /webhooks, §3 Webhook) and the event outbox they and the
-- server-sent-events stream read (docs/product.md §7).
--
-- webhook_events is the outbox: a business change writes its event row in its own
-- transaction, so nothing is announced that a rollback could undo; a dispatcher turns each
-- row into one message per subscribed endpoint. Its bigserial id is the SSE event id that
-- Last-Event-ID resumes from.

CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  -- Created by a platform administrator (ADMIN, SUPER_ADMIN): hears every company's events of the tenant.
  tenant_wide boolean NOT NULL DEFAULT false,
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  -- The whsec_ secret sealed with the master key; null: deliveries are not signed.
  secret_sealed text,
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text CHECK (disabled_reason IN ('manual', 'failing')),
  disabled_at timestamptz,
  -- The first failed attempt since the last successful one: a message exhausting its retries
  -- while this is set disables the endpoint.
  failing_since timestamptz,
  last_delivery_at timestamptz,
  last_delivery_status text CHECK (last_delivery_status IN ('delivered', 'failed')),
  created_by uuid REFERENCES users(id),
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (enabled = (disabled_reason IS NULL))
);
CREATE INDEX webhook_endpoints_company ON webhook_endpoints (tenant_id, company_id) WHERE deleted_at IS NULL;

CREATE TABLE webhook_events (
  id bigserial PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  -- Null: an event of no one company (e.g. a tenant-wide discrepancy), heard by tenant-wide endpoints only.
  company_id uuid REFERENCES companies(id),
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set once the dispatcher made the event's messages.
  dispatched_at timestamptz
);
CREATE INDEX webhook_events_undispatched ON webhook_events (id) WHERE dispatched_at IS NULL;
CREATE INDEX webhook_events_stream ON webhook_events (tenant_id, id);

CREATE TABLE webhook_messages (
  -- The Standard Webhooks webhook-id is "msg_" + this id: the same through retries and redeliveries.
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id),
  event_id bigint REFERENCES webhook_events(id),
  event_type text NOT NULL,
  -- The exact body signed and sent; a redelivery sends the same bytes.
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempt_count integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  -- A runner holds the message while it sends; a crashed runner's lease runs out.
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_messages_endpoint ON webhook_messages (tenant_id, endpoint_id, created_at DESC);
CREATE INDEX webhook_messages_due ON webhook_messages (next_attempt_at) WHERE status = 'pending';

CREATE TABLE webhook_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  message_id uuid NOT NULL REFERENCES webhook_messages(id),
  trigger text NOT NULL CHECK (trigger IN ('automatic', 'manual')),
  status_code integer,
  succeeded boolean NOT NULL,
  latency_ms integer NOT NULL CHECK (latency_ms >= 0),
  response_excerpt text NOT NULL DEFAULT '' CHECK (octet_length(response_excerpt) <= 4096),
  error text CHECK (length(error) <= 1000),
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_attempts_message ON webhook_attempts (message_id, attempted_at);

ALTER TABLE webhook_endpoints ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON webhook_endpoints USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE webhook_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON webhook_events USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE webhook_messages ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON webhook_messages USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE webhook_attempts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON webhook_attempts USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Endpoints are deleted softly (their log stays readable for the audit trail); events,
-- messages and attempts are history.
GRANT SELECT, INSERT, UPDATE ON webhook_endpoints TO carbonledger_app;
GRANT SELECT, INSERT, UPDATE ON webhook_events TO carbonledger_app;
GRANT USAGE, SELECT ON SEQUENCE webhook_events_id_seq TO carbonledger_app;
GRANT SELECT, INSERT, UPDATE ON webhook_messages TO carbonledger_app;
GRANT SELECT, INSERT ON webhook_attempts TO carbonledger_app;
