-- The reconciliation compares a decided submission with the chain until it has once been seen
-- consistent (docs/reconciliation.md). Reading every decided submission on every pass grows
-- without bound, and a chain or RPC node forgets old signatures, so a confirmed transaction it
-- no longer serves would be taken for a missing one. A later loss of an old transaction still
-- shows in the per-mint supply check.

ALTER TABLE chain_submissions ADD COLUMN chain_checked_at timestamptz;
-- The pass's work list: sent submissions not yet seen consistent on chain. The rows it has
-- checked leave the index, so a pass reads what is new since the last one, not the history.
CREATE INDEX chain_submissions_unchecked_idx ON chain_submissions (id) WHERE chain_checked_at IS NULL AND signature IS NOT NULL;
