-- The reviews' moderation (back office III): a published review may be hidden (OCULTA) and shown again;
-- a rejection or a hiding keeps its reason (`motivo`), which the buyer's e-mail and the back office show.
ALTER TABLE "resenas" DROP CONSTRAINT "resenas_estado_check";
--> statement-breakpoint
ALTER TABLE "resenas" ADD CONSTRAINT "resenas_estado_check" CHECK ("resenas"."estado" IN ('PENDIENTE', 'APROBADA', 'RECHAZADA', 'OCULTA'));
--> statement-breakpoint
ALTER TABLE "resenas" ADD COLUMN "motivo" text;
--> statement-breakpoint
-- A review the product page shows (APROBADA) that appears, changes or goes moves the page version, so the
-- static pages are rebuilt with its stars and snippets: moderating also rewrites the product's counters (which
-- moves it too), but a review can change without them (a buyer's account deleted with her reviews).
CREATE OR REPLACE FUNCTION resenas_bump_version() RETURNS trigger AS $$
DECLARE
  cambio boolean;
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    cambio := EXISTS (SELECT 1 FROM "resenas_despues" WHERE "estado" = 'APROBADA');
  ELSIF TG_OP = 'DELETE' THEN
    cambio := EXISTS (SELECT 1 FROM "resenas_antes" WHERE "estado" = 'APROBADA');
  ELSE
    cambio := EXISTS (
      SELECT 1 FROM "resenas_antes" o JOIN "resenas_despues" n ON n."id" = o."id"
      WHERE (o."estado" = 'APROBADA' OR n."estado" = 'APROBADA') AND to_jsonb(o) IS DISTINCT FROM to_jsonb(n));
  END IF;
  IF cambio THEN
    UPDATE "catalogo_estado" SET "version" = "version" + 1, "version_datos" = "version_datos" + 1, "actualizado" = now() WHERE "id" = 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- PostgreSQL takes transition tables only on a trigger of one event, hence three triggers.
CREATE TRIGGER resenas_version_insert AFTER INSERT ON "resenas" REFERENCING NEW TABLE AS "resenas_despues" FOR EACH STATEMENT EXECUTE FUNCTION resenas_bump_version();
--> statement-breakpoint
CREATE TRIGGER resenas_version_update AFTER UPDATE ON "resenas" REFERENCING OLD TABLE AS "resenas_antes" NEW TABLE AS "resenas_despues" FOR EACH STATEMENT EXECUTE FUNCTION resenas_bump_version();
--> statement-breakpoint
CREATE TRIGGER resenas_version_delete AFTER DELETE ON "resenas" REFERENCING OLD TABLE AS "resenas_antes" FOR EACH STATEMENT EXECUTE FUNCTION resenas_bump_version();
