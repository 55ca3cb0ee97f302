-- Identity: credentials (MFA, lockout), session secrets (token version, CSRF token),
-- linked wallets, wallet sign-in challenges, security events and alerts, request logs,
-- and the one cross-tenant door sign-in needs (auth_find_login).

CREATE TABLE user_credentials (
  user_id uuid PRIMARY KEY REFERENCES users(id),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  mfa_enabled boolean NOT NULL DEFAULT false,
  mfa_secret text,
  mfa_pending_secret text,
  -- The TOTP time step of the last accepted code: a code is good for one use only.
  mfa_last_time_step bigint,
  -- sha256 of each unused recovery code; a used code is removed from the list.
  recovery_code_hashes text[] NOT NULL DEFAULT '{}',
  failed_login_count integer NOT NULL DEFAULT 0,
  last_failed_login_at timestamptz,
  locked_until timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_credentials_tenant_idx ON user_credentials (tenant_id);

-- One row per session: the secrets that must never leave the server in a list.
CREATE TABLE session_credentials (
  session_id uuid PRIMARY KEY REFERENCES sessions(id),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  -- Raised by every refresh; an access token carrying an older version is refused.
  token_version integer NOT NULL DEFAULT 1,
  csrf_token text NOT NULL CHECK (csrf_token ~ '^[0-9a-f]{32}$'),
  auth_method text NOT NULL CHECK (auth_method IN ('password', 'wallet')),
  country text
);
CREATE INDEX session_credentials_tenant_idx ON session_credentials (tenant_id);
CREATE INDEX sessions_tenant_seen_idx ON sessions (tenant_id, last_seen_at DESC);

CREATE TABLE linked_wallets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  user_id uuid NOT NULL REFERENCES users(id),
  wallet_address text NOT NULL,
  wallet_type text NOT NULL,
  linked_at timestamptz NOT NULL DEFAULT now()
);
-- A wallet proves one person: it can be linked to one user on the whole platform.
CREATE UNIQUE INDEX linked_wallets_address_unique ON linked_wallets (wallet_address);
CREATE INDEX linked_wallets_user_idx ON linked_wallets (tenant_id, user_id);

-- Sign-In-With-Solana messages the server issued; each may be used once before it expires.
-- Not tenant data: a challenge exists before anyone is signed in.
CREATE TABLE wallet_challenges (
  nonce text PRIMARY KEY,
  wallet_address text NOT NULL,
  message text NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX wallet_challenges_expiry_idx ON wallet_challenges (expires_at);

CREATE TABLE security_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  type text NOT NULL,
  user_id uuid,
  user_email text,
  ip text,
  user_agent text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX security_events_tenant_time_idx ON security_events (tenant_id, created_at DESC);

CREATE TABLE security_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  kind text NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('critical', 'high', 'medium', 'low')),
  user_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by uuid
);
CREATE INDEX security_alerts_tenant_time_idx ON security_alerts (tenant_id, created_at DESC);

-- Anonymous requests (sign-in, public config) have no tenant; no tenant ever sees them.
CREATE TABLE request_logs (
  id bigserial PRIMARY KEY,
  tenant_id uuid REFERENCES tenants(id),
  request_id text NOT NULL,
  created_at timestamptz NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  status_code integer NOT NULL,
  response_time_ms real NOT NULL,
  user_id uuid,
  ip text,
  user_agent text,
  error_message text
);
CREATE INDEX request_logs_tenant_time_idx ON request_logs (tenant_id, created_at DESC);

ALTER TABLE user_credentials ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON user_credentials USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE session_credentials ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON session_credentials USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE linked_wallets ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON linked_wallets USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE security_events ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON security_events USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE security_alerts ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON security_alerts USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE request_logs ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON request_logs USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

GRANT SELECT, INSERT, UPDATE, DELETE ON user_credentials, session_credentials, linked_wallets, security_events, security_alerts TO carbonledger_app;
GRANT SELECT ON request_logs TO carbonledger_app;

-- Sign-in knows only an e-mail (unique on the whole platform), not the tenant. This
-- definer function answers just the user and tenant ids for it, so the application can
-- then do everything else inside that tenant under row-level security.
CREATE FUNCTION auth_find_login(login_email text)
  RETURNS TABLE (user_id uuid, tenant_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT u.id, u.tenant_id FROM users u WHERE lower(u.email) = lower(login_email) $$;
REVOKE ALL ON FUNCTION auth_find_login(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth_find_login(text) TO carbonledger_app;
