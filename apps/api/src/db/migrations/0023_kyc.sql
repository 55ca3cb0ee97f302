-- KYC/AML onboarding and reviews (docs/kyc.md). A company fills in a case (individual or
-- business), uploads documents and submits it; officers assess it and decide. The personal
-- data of a case and the documents' bytes are sealed with AES-256-GCM under a key derived
-- from the master key: these tables hold ciphertext, the file store holds sealed bytes.

CREATE TABLE kyc_cases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  subject_type text NOT NULL CHECK (subject_type IN ('individual', 'business')),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'in_review', 'information_requested', 'approved', 'rejected')),
  step text NOT NULL DEFAULT 'type',
  -- The steps' answers (who, ownership, address) as sealed JSON, bound to the case id.
  data_sealed text NOT NULL,
  risk_level text CHECK (risk_level IN ('low', 'medium', 'high', 'critical')),
  score integer CHECK (score BETWEEN 0 AND 100),
  checklist jsonb NOT NULL DEFAULT '{}',
  review_notes text CHECK (length(review_notes) <= 4000),
  decision_reason text CHECK (length(decision_reason) <= 2000),
  created_by uuid REFERENCES users(id),
  submitted_by uuid REFERENCES users(id),
  submitted_at timestamptz,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One case a company is still working on or waiting for; decided cases stay as history.
CREATE UNIQUE INDEX kyc_cases_one_open_per_company ON kyc_cases (company_id) WHERE status NOT IN ('approved', 'rejected');
CREATE INDEX kyc_cases_queue ON kyc_cases (tenant_id, status, submitted_at);

CREATE TABLE kyc_documents (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  case_id uuid NOT NULL REFERENCES kyc_cases(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  -- CID of the sealed bytes in the file store (never of the plaintext, which would reveal it).
  cid text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  size_bytes integer NOT NULL CHECK (size_bytes >= 0),
  original_name text,
  document_type text NOT NULL,
  category text NOT NULL,
  notes text CHECK (length(notes) <= 500),
  status text NOT NULL DEFAULT 'uploaded' CHECK (status IN ('uploaded', 'accepted', 'rejected')),
  uploaded_by uuid REFERENCES users(id),
  reviewed_by uuid REFERENCES users(id),
  reviewed_at timestamptz,
  removed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kyc_documents_case ON kyc_documents (case_id);

-- Every officer decision, in order (the audit trail has them too, hash-chained).
CREATE TABLE kyc_decisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  case_id uuid NOT NULL REFERENCES kyc_cases(id),
  decision text NOT NULL CHECK (decision IN ('approve', 'reject', 'request_information')),
  reason text CHECK (length(reason) <= 2000),
  risk_level text,
  score integer,
  decided_by uuid NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kyc_decisions_case ON kyc_decisions (case_id, created_at);

ALTER TABLE kyc_cases ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON kyc_cases USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE kyc_documents ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON kyc_documents USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE kyc_decisions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON kyc_decisions USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Documents are withdrawn by marking them removed; decisions are never changed.
GRANT SELECT, INSERT, UPDATE ON kyc_cases, kyc_documents TO carbonledger_app;
GRANT SELECT, INSERT ON kyc_decisions TO carbonledger_app;
