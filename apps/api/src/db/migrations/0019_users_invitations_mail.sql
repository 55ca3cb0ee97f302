-- Team users (docs/product.md §3 New user, §4 Users): temporary passwords that must be
-- replaced at the first sign-in, single-use expiring links (invitations, password resets)
-- kept only as hashes, and the local outbox that holds e-mail when no SMTP server is set.

-- Set for a user created with a temporary password; sign-in asks for a new one until replaced.
ALTER TABLE user_credentials ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

CREATE TABLE user_link_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  user_id uuid NOT NULL REFERENCES users(id),
  kind text NOT NULL CHECK (kind IN ('invitation', 'password_reset')),
  -- sha256 (hex) of the token in the e-mailed link; the token itself is never stored.
  token_hash text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  -- The language the e-mail was written in, reused when an invitation is sent again.
  language text NOT NULL CHECK (language IN ('en', 'pt', 'es')),
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- A newer link of the same kind replaces the older ones.
  revoked_at timestamptz
);
CREATE UNIQUE INDEX user_link_tokens_hash_unique ON user_link_tokens (token_hash);
CREATE INDEX user_link_tokens_user_idx ON user_link_tokens (tenant_id, user_id, kind);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  recipient text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  body_html text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('invitation', 'password_reset')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_tenant_time_idx ON mail_outbox (tenant_id, created_at DESC);

ALTER TABLE user_link_tokens ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON user_link_tokens USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE mail_outbox ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON mail_outbox USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

GRANT SELECT, INSERT, UPDATE, DELETE ON user_link_tokens, mail_outbox TO carbonledger_app;

-- A link is opened signed out: like auth_find_login, this definer function answers only the
-- tenant a token hash belongs to, so that everything else runs inside that tenant under RLS.
CREATE FUNCTION user_link_token_tenant(link_token_hash text)
  RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp
  AS $$ SELECT t.tenant_id FROM user_link_tokens t WHERE t.token_hash = link_token_hash $$;
REVOKE ALL ON FUNCTION user_link_token_tenant(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION user_link_token_tenant(text) TO carbonledger_app;
