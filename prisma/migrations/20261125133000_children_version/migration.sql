-- hand-written: like content_version, a column only raw SQL reads (lib/authoring/positions.ts).
-- A parent's children_version counts the writes that changed the set or order of its children
-- (courses of a project, modules of a course, lessons of a module, blocks of a lesson). Every such
-- write bumps it before it touches a sibling, in the same transaction: a write that is one
-- statement checks that the version it read is still current when it takes the parent's row
-- (PostgreSQL rechecks an UPDATE's condition on the newest row version), and runs again if not.
ALTER TABLE "projects" ADD COLUMN "children_version" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "courses" ADD COLUMN "children_version" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "modules" ADD COLUMN "children_version" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "lessons" ADD COLUMN "children_version" BIGINT NOT NULL DEFAULT 0;
