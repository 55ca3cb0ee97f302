-- Which process holds an in-flight Idempotency-Key (docs/retirements.md "Exactly once"): the key
-- of the session advisory lock that process holds for its life (Database.processKey). When the
-- process dies its connection closes and PostgreSQL drops the lock, so a retry through another
-- process sees at once that the request died, rather than after two minutes.
ALTER TABLE idempotency_keys ADD COLUMN claimed_by integer;
