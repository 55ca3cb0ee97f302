-- Profile photo and team activity (docs/product.md §2 /profile and /team/activity).

-- The user's profile photo: the CID of the square image in the file store (docs/files.md),
-- kept in the store's own format so it can only name content the store addresses.
ALTER TABLE users ADD COLUMN photo_cid text CHECK (photo_cid ~ '^bafkrei[a-z2-7]{52}$');

-- The activity log filters the audit trail by who acted, newest first.
CREATE INDEX audit_log_actor_idx ON audit_log (tenant_id, actor_user_id, id DESC);
-- An activity entry tells the device of the request that recorded it: request logs by request id.
CREATE INDEX request_logs_request_idx ON request_logs (request_id);
