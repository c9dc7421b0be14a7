-- No rebuild from a sale (issue 26, item 3). catalogo_estado keeps two counters: `version` is what the
-- static pages show (the build stamps it in version.json; npm start and Netlify's check rebuild when
-- it moves) and `version_datos` moves on every change (the API's in-memory catalogue copies follow it).
-- A product UPDATE that only moved stock or stock_total bumps the data version alone, unless some row
-- sold out or came back ('AGOTADO' and the disabled add button are in the static HTML), so taking
-- orders rebuilds nothing. One bump per statement, not per row: an import updates thousands of rows.
ALTER TABLE "catalogo_estado" ADD COLUMN "version_datos" bigint DEFAULT 1 NOT NULL;
--> statement-breakpoint
UPDATE "catalogo_estado" SET "version_datos" = "version";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogo_bump_version() RETURNS trigger AS $$
BEGIN
  UPDATE "catalogo_estado" SET "version" = "version" + 1, "version_datos" = "version_datos" + 1, "actualizado" = now() WHERE "id" = 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION productos_bump_version_update() RETURNS trigger AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "productos_antes" o LEFT JOIN "productos_despues" n ON n."id" = o."id"
    WHERE n."id" IS NULL
      OR (to_jsonb(o) - 'stock' - 'stock_total') IS DISTINCT FROM (to_jsonb(n) - 'stock' - 'stock_total')
      OR (o."stock" > 0) IS DISTINCT FROM (n."stock" > 0)
  ) THEN
    UPDATE "catalogo_estado" SET "version" = "version" + 1, "version_datos" = "version_datos" + 1, "actualizado" = now() WHERE "id" = 1;
  ELSE
    UPDATE "catalogo_estado" SET "version_datos" = "version_datos" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER "productos_version" ON "productos";
--> statement-breakpoint
CREATE TRIGGER productos_version AFTER INSERT OR DELETE OR TRUNCATE ON "productos" FOR EACH STATEMENT EXECUTE FUNCTION catalogo_bump_version();
--> statement-breakpoint
-- PostgreSQL takes transition tables only on a trigger of one event, hence UPDATE on its own.
CREATE TRIGGER productos_version_update AFTER UPDATE ON "productos" REFERENCING OLD TABLE AS "productos_antes" NEW TABLE AS "productos_despues" FOR EACH STATEMENT EXECUTE FUNCTION productos_bump_version_update();
