-- The commitment at which a confirmed submission was reported (SOLANA_COMMITMENT on a
-- cluster; the embedded chain reports at `confirmed`). See docs/chain.md, "Durability".
ALTER TABLE chain_submissions ADD COLUMN commitment text CHECK (commitment IN ('confirmed', 'finalized'));
