-- E-mail notifications go through the mail module like invitations and password resets
-- (docs/product.md §7): SMTP when SMTP_URL is set, else the tenant's outbox.
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_kind_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_kind_check CHECK (kind IN ('invitation', 'password_reset', 'notification'));
