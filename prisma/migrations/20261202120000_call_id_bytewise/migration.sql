-- A partial call id finds the call: the search box looks up the ids that begin with what was
-- typed (lib/queries/find.ts, `id LIKE 'prefix%'`). PostgreSQL serves a LIKE prefix from a btree
-- only under the C collation; with call ids compared bytewise, the primary key (project_id, id)
-- is that index, and no second index costs every insert. Ids are opaque tokens: nothing sorts
-- them for people, and bytewise comparison is also the cheapest. The table is not rewritten;
-- the two indexes on id are rebuilt (about 4 s per million calls).

ALTER TABLE "calls" ALTER COLUMN "id" SET DATA TYPE TEXT COLLATE "C";
