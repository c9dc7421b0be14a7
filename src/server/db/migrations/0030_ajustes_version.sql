-- The shop's settings (migration 0029) are read by the static pages too (the free-shipping threshold, the
-- return window, the company and its e-mail in the texts of /web/contenido): saving them moves the catalogue's
-- page version, like any content change, so the site is rebuilt with them.
CREATE TRIGGER ajustes_tienda_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ajustes_tienda" FOR EACH STATEMENT EXECUTE FUNCTION catalogo_bump_version();
