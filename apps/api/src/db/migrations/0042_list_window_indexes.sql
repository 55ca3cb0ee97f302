-- The windowed lists (docs/lists.md): GET /retirements, /certificates and /audit/trail read a page
-- within the first 10,000 matching rows and count at most 10,001 of them. Both are then bounded
-- by the window, provided that an index holds the rows in the list's order with its filters'
-- columns: a page and a count read at most the window's index entries, never the whole table.
--
-- Retirements filtered by status: the status sits between the scope (tenant, company) and the
-- order, so a page of one status is read in order without a sort, whatever share of the rows it
-- has (migration 0040's indexes serve the lists without a status).
--
-- Audit entries newest first (id order): the actor and the instant are carried in the index, so
-- the company scope (the actor's company) and a date range are checked on index entries alone; it
-- replaces the tenant index, which it contains.

CREATE INDEX retirements_company_status_page_idx ON retirements (tenant_id, company_id, status, created_at DESC, id DESC);
CREATE INDEX retirements_tenant_status_page_idx ON retirements (tenant_id, status, created_at DESC, id DESC);

CREATE INDEX audit_log_page_idx ON audit_log (tenant_id, id DESC) INCLUDE (actor_user_id, created_at);
DROP INDEX audit_log_tenant_idx;
