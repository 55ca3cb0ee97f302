-- The role system work runs as when the product connects with DATABASE_APP_URL (seed,
-- cross-tenant jobs, pg-boss): it reads and writes across tenants but owns nothing, so it
-- cannot switch the audit triggers off, replace their function, or silence them with
-- session_replication_role (docs/audit.md). Migrations keep running as the owner.
--
-- Only a superuser may create a role with BYPASSRLS: where the migrating role is not one,
-- a DBA creates carbonledger_system beforehand and this leaves it as it is.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'carbonledger_system') THEN
    CREATE ROLE carbonledger_system NOLOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB BYPASSRLS;
  END IF;
END $$;

GRANT USAGE ON SCHEMA public TO carbonledger_system;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO carbonledger_system;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO carbonledger_system;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO carbonledger_system;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO carbonledger_system;

-- The audit trail and its anchors take new rows only, as for carbonledger_app.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log, audit_anchors FROM carbonledger_system;
-- Which migrations ran is the owner's business alone.
REVOKE ALL ON schema_migrations FROM carbonledger_system;

-- pg-boss (schema pgboss, plugins/jobs.ts) creates its tables and each queue's partition as
-- the owner while the app starts; its workers, schedules and maintenance then only read and
-- write rows, on the app connection, with privileges inherited from this role. The schema
-- is made here so that those privileges cover the tables pg-boss has yet to create.
CREATE SCHEMA IF NOT EXISTS pgboss;
GRANT USAGE ON SCHEMA pgboss TO carbonledger_system;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO carbonledger_system;
ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO carbonledger_system;
