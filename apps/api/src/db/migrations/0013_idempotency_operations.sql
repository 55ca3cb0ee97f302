-- An Idempotency-Key never runs twice (docs/retirements.md, Idempotency): the request that
-- claims a key gets a claim id, and the request that creates an operation (a retirement, a
-- mint) records that operation on its key in the same transaction, before any chain send.
-- A retry of a key with an operation answers from the operation and never runs the request
-- again; only a key without one (its request died before creating anything) may run again.
-- The claim id fences a request that lost its key to such a retry: it can no longer bind,
-- complete or release it.

ALTER TABLE idempotency_keys ADD COLUMN claim_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE idempotency_keys ADD COLUMN operation_id uuid;
