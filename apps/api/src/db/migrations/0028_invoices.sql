-- Invoices and payments (docs/product.md §2 Invoices, §3 Invoice and Payment, §4 invoice
-- statuses, §5 payment rules, §9 currencies and payment methods). Money is numeric with two
-- places, never floating point. Invoice numbers come from a per-tenant sequence row taken
-- under a row lock, so two invoices never share a number. A billable operation (a mint, a
-- batch-minted VCU block, a retirement) is billed by at most one invoice line: the unique
-- index below is what makes the monthly accrual safe to run twice or concurrently.

CREATE TABLE invoice_sequences (
  tenant_id uuid PRIMARY KEY REFERENCES tenants(id),
  last_number bigint NOT NULL DEFAULT 0 CHECK (last_number >= 0)
);

CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  number text NOT NULL,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  status text NOT NULL CHECK (status IN ('draft', 'pending', 'paid', 'overdue', 'cancelled')),
  currency text NOT NULL CHECK (currency IN ('USD', 'EUR', 'GBP')),
  amount numeric(15, 2) NOT NULL DEFAULT 0 CHECK (amount >= 0),
  tax_rate numeric(5, 2) NOT NULL DEFAULT 0 CHECK (tax_rate BETWEEN 0 AND 100),
  tax_amount numeric(15, 2) NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
  total_amount numeric(15, 2) NOT NULL DEFAULT 0 CHECK (total_amount >= 0),
  paid_amount numeric(15, 2) NOT NULL DEFAULT 0 CHECK (paid_amount >= 0 AND paid_amount <= total_amount),
  issue_date date NOT NULL,
  due_date date NOT NULL CHECK (due_date >= issue_date),
  paid_date timestamptz,
  notes text CHECK (length(notes) <= 2000),
  -- 'manual' (typed in), 'accrual' (the monthly service fees) or the module that asked for it.
  source text NOT NULL DEFAULT 'manual',
  source_reference text,
  -- 'YYYY-MM' of an accrual invoice: one open draft per company and month collects the fees.
  billing_period text CHECK (billing_period ~ '^[0-9]{4}-[0-9]{2}$'),
  created_by uuid REFERENCES users(id),
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'paid') = (paid_date IS NOT NULL))
);
CREATE UNIQUE INDEX invoices_number ON invoices (tenant_id, number);
CREATE UNIQUE INDEX invoices_open_accrual ON invoices (tenant_id, company_id, billing_period) WHERE status = 'draft' AND billing_period IS NOT NULL;
CREATE UNIQUE INDEX invoices_source_reference ON invoices (tenant_id, source, source_reference) WHERE source_reference IS NOT NULL;
CREATE INDEX invoices_company ON invoices (tenant_id, company_id, created_at DESC);
CREATE INDEX invoices_due ON invoices (due_date) WHERE status = 'pending';

CREATE TABLE invoice_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  invoice_id uuid NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
  position integer NOT NULL,
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 300),
  quantity numeric(16, 4) NOT NULL CHECK (quantity > 0),
  unit_price numeric(15, 2) NOT NULL CHECK (unit_price >= 0),
  amount numeric(15, 2) NOT NULL CHECK (amount >= 0),
  operation_kind text CHECK (operation_kind IN ('mint', 'batch_mint', 'retirement')),
  operation_id uuid,
  signature text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((operation_kind IS NULL) = (operation_id IS NULL))
);
CREATE INDEX invoice_lines_invoice ON invoice_lines (invoice_id, position);
-- An operation is billed once, whatever runs the accrual and however often.
CREATE UNIQUE INDEX invoice_lines_operation_once ON invoice_lines (tenant_id, operation_kind, operation_id) WHERE operation_id IS NOT NULL;

CREATE TABLE invoice_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  invoice_id uuid NOT NULL REFERENCES invoices(id),
  amount numeric(15, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'EUR', 'GBP')),
  method text NOT NULL CHECK (method IN ('credit_card', 'bank_transfer', 'wire_transfer', 'check', 'cash')),
  reference text CHECK (length(reference) <= 200),
  notes text CHECK (length(notes) <= 1000),
  recorded_by uuid REFERENCES users(id),
  paid_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_payments_invoice ON invoice_payments (invoice_id, paid_at);

ALTER TABLE invoice_sequences ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoice_sequences USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoices USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE invoice_lines ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoice_lines USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
ALTER TABLE invoice_payments ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON invoice_payments USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

GRANT SELECT, INSERT, UPDATE ON invoice_sequences TO carbonledger_app;
-- Drafts (and their lines) are deleted; every other invoice is cancelled, never deleted.
GRANT SELECT, INSERT, UPDATE, DELETE ON invoices TO carbonledger_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_lines TO carbonledger_app;
-- Payments are never changed nor deleted.
GRANT SELECT, INSERT ON invoice_payments TO carbonledger_app;

-- /financial/reconciliation (docs/product.md §2): a mismatch between invoices, payments and
-- billable operations (an unbilled operation, a payment without a live invoice, an amount
-- difference) is resolved with a note, once; the mismatch itself is computed, never stored.
CREATE TABLE financial_resolutions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  kind text NOT NULL CHECK (kind IN ('unbilled_operation', 'payment_without_invoice', 'amount_difference')),
  subject_id text NOT NULL CHECK (length(subject_id) BETWEEN 1 AND 100),
  company_id uuid REFERENCES companies(id),
  note text NOT NULL CHECK (length(note) BETWEEN 1 AND 1000),
  resolved_by uuid REFERENCES users(id),
  resolved_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX financial_resolutions_once ON financial_resolutions (tenant_id, kind, subject_id);
ALTER TABLE financial_resolutions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON financial_resolutions USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());
-- A resolution is a decision on the record: never changed nor deleted.
GRANT SELECT, INSERT ON financial_resolutions TO carbonledger_app;
