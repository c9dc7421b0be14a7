-- Every change to catalogue or home content bumps catalogo_estado.version: the /web/listprod cache and
-- the static build compare versions to know whether they are current, across processes and instances.
INSERT INTO "catalogo_estado" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogo_bump_version() RETURNS trigger AS $$
BEGIN
  UPDATE "catalogo_estado" SET "version" = "version" + 1, "actualizado" = now() WHERE "id" = 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER productos_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "productos" FOR EACH STATEMENT EXECUTE FUNCTION catalogo_bump_version();
--> statement-breakpoint
CREATE TRIGGER marcas_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "marcas" FOR EACH STATEMENT EXECUTE FUNCTION catalogo_bump_version();
--> statement-breakpoint
CREATE TRIGGER lineas_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lineas" FOR EACH STATEMENT EXECUTE FUNCTION catalogo_bump_version();
--> statement-breakpoint
CREATE TRIGGER categorias_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categorias" FOR EACH STATEMENT EXECUTE FUNCTION catalogo_bump_version();
--> statement-breakpoint
CREATE TRIGGER categorias_hijas_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categorias_hijas" FOR EACH STATEMENT EXECUTE FUNCTION catalogo_bump_version();
--> statement-breakpoint
CREATE TRIGGER mensajes_barra_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mensajes_barra" FOR EACH STATEMENT EXECUTE FUNCTION catalogo_bump_version();
--> statement-breakpoint
CREATE TRIGGER banners_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION catalogo_bump_version();
--> statement-breakpoint
CREATE TRIGGER popups_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "popups" FOR EACH STATEMENT EXECUTE FUNCTION catalogo_bump_version();
--> statement-breakpoint
CREATE TRIGGER sociales_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sociales" FOR EACH STATEMENT EXECUTE FUNCTION catalogo_bump_version();
