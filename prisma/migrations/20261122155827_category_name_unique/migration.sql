-- hand-written: prisma/schema.prisma cannot express a partial index on an expression.
-- Category names are unique, case-insensitively, among a project's undeleted categories
-- (contract.md, Trash). lib/authoring/categories/categories.ts compares names the same way.
CREATE UNIQUE INDEX "categories_project_id_lower_name_key" ON "categories" ("project_id", lower("name")) WHERE "deleted_at" IS NULL;
