-- hand-written: prisma/schema.prisma cannot declare triggers.
-- A company's content version: every statement that changes a row of its content library (a
-- product or a variation) bumps it, in the same transaction, as a project's content version moves
-- with its tree (20261122220000_project_content_version). A cached list of the library
-- (lib/proposals/content/content-list-cache.ts) is valid exactly while the version it was built at
-- is current, on every instance, whichever code path wrote. One bump per statement, not per row.
ALTER TABLE "companies" ADD COLUMN "content_version" BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION "bump_company_versions"(company_ids INT[]) RETURNS VOID LANGUAGE SQL AS $$
  UPDATE "companies" SET "content_version" = "content_version" + 1
  WHERE "id" IN (SELECT DISTINCT unnest(company_ids));
$$;

CREATE FUNCTION "products_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_company_versions"(ARRAY(SELECT DISTINCT "company_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_company_versions"(ARRAY(SELECT DISTINCT "company_id" FROM old_rows));
  ELSE
    PERFORM "bump_company_versions"(ARRAY(SELECT "company_id" FROM new_rows UNION SELECT "company_id" FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

-- A variation's company is its product's. On a delete cascading from its product, the product's
-- own trigger has bumped the company; the lookup then finds nothing, which is fine.
CREATE FUNCTION "variations_bump_version"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "bump_company_versions"(ARRAY(
      SELECT p."company_id" FROM "products" p WHERE p."id" IN (SELECT "product_id" FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "bump_company_versions"(ARRAY(
      SELECT p."company_id" FROM "products" p WHERE p."id" IN (SELECT "product_id" FROM old_rows)));
  ELSE
    PERFORM "bump_company_versions"(ARRAY(
      SELECT p."company_id" FROM "products" p
      WHERE p."id" IN (SELECT "product_id" FROM new_rows UNION SELECT "product_id" FROM old_rows)));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "products_version_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_bump_version"();
CREATE TRIGGER "products_version_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_bump_version"();
CREATE TRIGGER "products_version_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_bump_version"();

CREATE TRIGGER "variations_version_insert" AFTER INSERT ON "variations" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "variations_bump_version"();
CREATE TRIGGER "variations_version_update" AFTER UPDATE ON "variations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "variations_bump_version"();
CREATE TRIGGER "variations_version_delete" AFTER DELETE ON "variations" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "variations_bump_version"();
