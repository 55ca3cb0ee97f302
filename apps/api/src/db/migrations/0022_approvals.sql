-- The approval engine (docs/approvals.md): the mint approval requests of 0008 become the
-- workflows of every operation type that may wait for approval, with their levels taken from
-- the tenant's versioned delegation matrix and every decision kept in order.

ALTER TABLE approval_requests DROP CONSTRAINT approval_requests_type_check;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_type_check
  CHECK (type IN ('mint', 'retirement', 'wallet_registration', 'transfer', 'offset_request', 'kyc_decision'));
-- A wallet registration or a KYC decision has no project, credits or mint operation.
ALTER TABLE approval_requests ALTER COLUMN project_id DROP NOT NULL;
ALTER TABLE approval_requests ALTER COLUMN credits DROP NOT NULL;
ALTER TABLE approval_requests ALTER COLUMN operation_id DROP NOT NULL;
-- What the workflow is about (a mint operation, a wallet, a KYC case): one open workflow per subject.
ALTER TABLE approval_requests ADD COLUMN subject_id text;
UPDATE approval_requests SET subject_id = operation_id::text;
ALTER TABLE approval_requests ALTER COLUMN subject_id SET NOT NULL;
ALTER TABLE approval_requests ADD COLUMN summary text NOT NULL DEFAULT '' CHECK (length(summary) <= 500);
-- The operation's own data its handler needs when the last level approves.
ALTER TABLE approval_requests ADD COLUMN details jsonb NOT NULL DEFAULT '{}';
-- The matrix levels that apply, as they were when the request was made (a later edit does not move it).
ALTER TABLE approval_requests ADD COLUMN levels jsonb NOT NULL DEFAULT '[]';
ALTER TABLE approval_requests ADD COLUMN total_levels integer NOT NULL DEFAULT 1 CHECK (total_levels >= 1);
ALTER TABLE approval_requests ADD COLUMN matrix_version integer NOT NULL DEFAULT 0;
ALTER TABLE approval_requests ADD COLUMN assigned_to uuid REFERENCES users(id);
ALTER TABLE approval_requests ADD COLUMN escalations integer NOT NULL DEFAULT 0;
ALTER TABLE approval_requests ADD COLUMN reason text CHECK (length(reason) <= 2000);
-- Set once the approved operation ran; an approved workflow without it is run again by the sweep.
ALTER TABLE approval_requests ADD COLUMN executed_at timestamptz;
ALTER TABLE approval_requests ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE approval_requests SET levels = jsonb_build_array(jsonb_build_object('level', 1, 'limitTco2e', '0', 'approverRole', approver_role, 'timeoutHours', 48)),
  executed_at = CASE WHEN status = 'approved' THEN decided_at END;
CREATE UNIQUE INDEX approval_requests_one_open_per_subject ON approval_requests (tenant_id, type, subject_id) WHERE status IN ('pending', 'delegated');
CREATE INDEX approval_requests_open_timeout ON approval_requests (timeout_at) WHERE status IN ('pending', 'delegated');

CREATE TABLE approval_decisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  request_id uuid NOT NULL REFERENCES approval_requests(id),
  level integer NOT NULL,
  decision text NOT NULL CHECK (decision IN ('requested', 'approved', 'rejected', 'delegated', 'escalated')),
  -- NULL for the timeout escalation, which the platform makes.
  actor_user_id uuid REFERENCES users(id),
  delegate_id uuid REFERENCES users(id),
  approver_role text NOT NULL,
  reason text CHECK (length(reason) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX approval_decisions_request ON approval_decisions (request_id, created_at);
-- A level is approved once: two approvers deciding at the same instant cannot both pass it.
CREATE UNIQUE INDEX approval_decisions_one_approval_per_level ON approval_decisions (request_id, level) WHERE decision = 'approved';

-- The delegation matrix, one row per saved version of an operation type's levels.
CREATE TABLE approval_matrix (
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  operation_type text NOT NULL CHECK (operation_type IN ('mint', 'retirement', 'wallet_registration', 'transfer', 'offset_request', 'kyc_decision')),
  version integer NOT NULL CHECK (version >= 1),
  levels jsonb NOT NULL,
  updated_by uuid REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, operation_type, version)
);

-- A tenant that changed the mint approval limit keeps it as level 1 of its mint matrix.
INSERT INTO approval_matrix (tenant_id, operation_type, version, levels)
SELECT tenant_id, 'mint', 1, jsonb_build_array(jsonb_build_object('level', 1, 'limitTco2e', approval_limit::text, 'approverRole', 'ADMIN', 'timeoutHours', 48))
FROM minting_settings;

ALTER TABLE approval_decisions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON approval_decisions USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE approval_matrix ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON approval_matrix USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Decisions and matrix versions are history: added, never changed.
GRANT SELECT, INSERT ON approval_decisions, approval_matrix TO carbonledger_app;
REVOKE UPDATE, DELETE ON approval_decisions, approval_matrix FROM carbonledger_app;
