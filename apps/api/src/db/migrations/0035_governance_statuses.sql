-- Issue 15 (docs/product.md §4, §5): a retirement above the retirement approval limit waits for its
-- approval workflow (awaiting_approval) before anything is prepared or sent; a pending offset
-- request can be withdrawn by its requester (withdrawn). Both columns were created with an inline
-- CHECK, named after the table and column.
ALTER TABLE retirements DROP CONSTRAINT retirements_status_check;
ALTER TABLE retirements ADD CONSTRAINT retirements_status_check
  CHECK (status IN ('awaiting_approval', 'pending', 'awaiting_signature', 'scheduled', 'processing', 'completed', 'failed', 'cancelled'));

ALTER TABLE offset_requests DROP CONSTRAINT offset_requests_status_check;
ALTER TABLE offset_requests ADD CONSTRAINT offset_requests_status_check
  CHECK (status IN ('pending_approval', 'approved', 'retiring', 'rejected', 'failed', 'withdrawn'));
