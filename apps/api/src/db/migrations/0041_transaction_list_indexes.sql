-- The transactions list in SQL (docs/transactions.md, bench/list-growth.bench.ts): GET /transactions
-- reads a page of the company's mint operations, batch jobs and burns newest first by the
-- entry's date (completed, else created), then id, and counts them.
--
-- The entry indexes hold each source in that order, tenant and company first, so that
-- row-level security's tenant condition, the company filter and the order are the index's:
-- a page reads its rows from each index without a sort, from either end.
--
-- The count indexes hold only tenant, company and status: their keys repeat, so B-tree
-- deduplication packs a company's rows into a few pages and a count (with a status filter
-- too) is an index-only scan about twice as fast as over the entry indexes.
--
-- A batch chunk names its project by the company's oldest burn of it, else its oldest mint:
-- the project indexes find that record without reading the company's others.
--
-- Retirements are indexed without the cancelled ones, which the list never shows.

CREATE INDEX mint_operations_entry_idx ON mint_operations (tenant_id, company_id, (coalesce(completed_at, created_at)) DESC, id);
CREATE INDEX minting_jobs_entry_idx ON minting_jobs (tenant_id, company_id, (coalesce(completed_at, created_at)) DESC, id);
CREATE INDEX retirements_entry_idx ON retirements (tenant_id, company_id, (coalesce(completed_at, created_at)) DESC, id) WHERE status <> 'cancelled';

CREATE INDEX mint_operations_count_idx ON mint_operations (tenant_id, company_id, status);
CREATE INDEX retirements_count_idx ON retirements (tenant_id, company_id, status) WHERE status <> 'cancelled';

CREATE INDEX mint_operations_project_idx ON mint_operations (tenant_id, company_id, project_id, created_at);
CREATE INDEX retirements_project_idx ON retirements (tenant_id, company_id, project_id, created_at) WHERE status <> 'cancelled';

-- Before a wallet's chain history is read, the signatures the company's records explain are
-- looked up among it: by signature, not by reading every record of the company.
CREATE INDEX mint_operations_signature_idx ON mint_operations (tenant_id, signature) WHERE signature IS NOT NULL;
CREATE INDEX minting_job_items_signature_idx ON minting_job_items (tenant_id, signature) WHERE signature IS NOT NULL;
CREATE INDEX retirements_signature_idx ON retirements (tenant_id, signature) WHERE signature IS NOT NULL;
