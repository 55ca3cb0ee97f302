-- Credit purchase orders (docs/product.md §2 /carbon-projects "purchase action"): a quote, then
-- an order that reserves the units (VCU blocks reserved under the order's id, so the exclusion
-- constraint and the row locks of vcu_blocks keep two buyers off the same units), the invoice
-- billing it (invoices.source = 'purchase', source_reference = the order id), and the delivery
-- once it is paid: a mint operation whose id is the order's id, so it is minted exactly once.

CREATE TABLE purchase_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  company_id uuid NOT NULL REFERENCES companies(id),
  user_id uuid REFERENCES users(id),
  registry text NOT NULL,
  project_id text NOT NULL,
  project_name text NOT NULL,
  vintage integer NOT NULL,
  quantity bigint NOT NULL CHECK (quantity > 0),
  available bigint NOT NULL CHECK (available >= 0),
  currency text NOT NULL CHECK (currency IN ('USD', 'EUR', 'GBP')),
  unit_price_usd numeric(15, 2) NOT NULL CHECK (unit_price_usd >= 0),
  rate numeric(10, 4) NOT NULL CHECK (rate > 0),
  unit_price numeric(15, 2) NOT NULL CHECK (unit_price >= 0),
  subtotal numeric(15, 2) NOT NULL CHECK (subtotal >= 0),
  fee_rate_bps integer NOT NULL CHECK (fee_rate_bps >= 0),
  fee numeric(15, 2) NOT NULL CHECK (fee >= 0),
  total numeric(15, 2) NOT NULL CHECK (total >= 0),
  status text NOT NULL DEFAULT 'quoted' CHECK (status IN ('quoted', 'reserved', 'invoiced', 'paid', 'delivered', 'expired', 'cancelled')),
  quote_expires_at timestamptz NOT NULL,
  payment_due_at timestamptz,
  wallet_id uuid REFERENCES company_wallets(id),
  wallet_address text,
  invoice_id uuid REFERENCES invoices(id),
  serial_numbers jsonb NOT NULL DEFAULT '[]',
  mint_address text,
  signature text,
  delivery_error text CHECK (length(delivery_error) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status IN ('quoted', 'expired', 'cancelled') OR wallet_id IS NOT NULL)
);
CREATE INDEX purchase_orders_company ON purchase_orders (tenant_id, company_id, created_at DESC);
-- The expiry pass reads the orders still waiting for a confirmation or a payment.
CREATE INDEX purchase_orders_open ON purchase_orders (status, payment_due_at) WHERE status IN ('quoted', 'invoiced', 'paid');

ALTER TABLE purchase_orders ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON purchase_orders USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

-- Orders are never deleted.
GRANT SELECT, INSERT, UPDATE ON purchase_orders TO carbonledger_app;
