-- Paused pg-boss queues (docs/product.md §2 Jobs Monitor: "a queue can be paused"). The
-- queues are the deployment's, not a tenant's, so the table has no tenant_id and no RLS,
-- like pgboss's own tables. Every process's fetch of a queue reads it in the same statement
-- (plugins/jobs.ts), so a pause holds for workers on every node at once. The default
-- privileges of migrations 0001 and 0016 grant it to carbonledger_app and carbonledger_system.
CREATE TABLE job_queue_pauses (
  queue text PRIMARY KEY,
  paused_by uuid REFERENCES users(id),
  paused_at timestamptz NOT NULL DEFAULT now()
);
