-- List pages at scale (bench/list-growth.bench.ts): GET /retirements and GET /certificates read a
-- page newest first (created_at or issued_at, then id) and count the reader's rows. These
-- indexes hold the rows in that order, tenant first, so that row-level security's tenant
-- condition, the company filter and the order are all the index's: a page is read from the index
-- without a sort and a count without visiting the table. The tenant-wide forms (platform
-- administrators, no company filter) replace the earlier tenant indexes, which lacked the id
-- tie-break and are a prefix of the new ones.

CREATE INDEX retirements_company_page_idx ON retirements (tenant_id, company_id, created_at DESC, id DESC);
CREATE INDEX retirements_tenant_page_idx ON retirements (tenant_id, created_at DESC, id DESC);
DROP INDEX retirements_tenant_idx;

CREATE INDEX certificates_company_page_idx ON certificates (tenant_id, company_id, issued_at DESC, id DESC);
CREATE INDEX certificates_tenant_page_idx ON certificates (tenant_id, issued_at DESC, id DESC);
DROP INDEX certificates_tenant_idx;
