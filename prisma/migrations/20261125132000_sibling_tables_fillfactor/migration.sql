-- hand-written: prisma/schema.prisma cannot declare storage parameters.
-- Moving or inserting a sibling rewrites the positions of the siblings after it. Position is in no
-- index (the previous migration), so those updates can be HOT (heap-only: no index entries, old
-- versions pruned in place) when the row's page has room for its new version: pages are filled
-- to 70% and keep the rest for it. bench/README.md, "Writes among siblings", measured the effect.
ALTER TABLE "courses" SET (fillfactor = 70);
ALTER TABLE "modules" SET (fillfactor = 70);
ALTER TABLE "lessons" SET (fillfactor = 70);
ALTER TABLE "blocks" SET (fillfactor = 70);
