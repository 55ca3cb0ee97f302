-- Chain: the tenant's platform keys (encrypted at rest) and every transaction the platform
-- prepares or sends, recorded before it is sent so that a restart can resume tracking it.

CREATE TABLE platform_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  purpose text NOT NULL CHECK (purpose IN ('issuer', 'freeze', 'retirement_delegate')),
  address text NOT NULL,
  -- AES-256-GCM of the 32-byte ed25519 seed under the master key, bound to tenant, purpose and address.
  encrypted_secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX platform_keys_one_per_purpose ON platform_keys (tenant_id, purpose);
CREATE UNIQUE INDEX platform_keys_address_unique ON platform_keys (address);

CREATE TABLE chain_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'confirmed', 'failed', 'expired')),
  -- The exact message the signers must sign, and the prepared transaction with the platform's signatures.
  message_base64 text NOT NULL,
  prepared_tx_base64 text NOT NULL,
  -- The wallet whose signature submit requires; null when the platform signs alone.
  required_signer text,
  signed_tx_base64 text,
  signature text,
  last_valid_block_height bigint NOT NULL,
  error text,
  reference jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX chain_submissions_tenant_idx ON chain_submissions (tenant_id, created_at DESC);
CREATE UNIQUE INDEX chain_submissions_signature_unique ON chain_submissions (signature) WHERE signature IS NOT NULL;
-- The tracker's work list: submissions sent but not yet decided.
CREATE INDEX chain_submissions_sent_idx ON chain_submissions (sent_at) WHERE status = 'sent';

ALTER TABLE platform_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON platform_keys USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

ALTER TABLE chain_submissions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON chain_submissions USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Keys are created once and never changed by the application.
GRANT SELECT, INSERT ON platform_keys TO carbonledger_app;
REVOKE UPDATE, DELETE ON platform_keys FROM carbonledger_app;
GRANT SELECT, INSERT, UPDATE ON chain_submissions TO carbonledger_app;
REVOKE DELETE ON chain_submissions FROM carbonledger_app;
