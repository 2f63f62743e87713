-- The audit chain's head row, present from the start so appends only ever lock and update it
-- (two first appends racing to insert it would fail instead of waiting). Genesis: seq 0,
-- hash of 64 zeros (src/hub/audit/chain.ts GENESIS_HASH).
INSERT INTO `audit_head` (`id`, `seq`, `hash`) VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');
