-- File store (docs/architecture.md "Layers"): uploads are kept once per content in DATA_DIR/files,
-- named by their IPFS CIDv1. This table records who uploaded what in which tenant; the
-- content itself is public and global (the same bytes uploaded by two tenants are one file).

CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id),
  cid text NOT NULL,
  uploaded_by uuid REFERENCES users(id),
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes >= 0),
  original_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A tenant uploading the same bytes again keeps its first record.
CREATE UNIQUE INDEX files_one_per_content ON files (tenant_id, cid);

ALTER TABLE files ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON files USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant());

GRANT SELECT, INSERT ON files TO carbonledger_app;
