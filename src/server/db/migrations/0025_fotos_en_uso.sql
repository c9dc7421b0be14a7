-- Photos in use are never lost (issue 37): a row of the image store is kept, whatever deletes it, while a
-- product shows it (img, imagen, img_hover), an order's line kept it in its snapshot, the home shows it
-- (banners, popups, social items) or a review shows it. The delete of such a row is skipped (a BEFORE
-- DELETE trigger answering NULL), not refused, so a cleanup that removes several rows keeps going.
CREATE OR REPLACE FUNCTION imagenes_conservar_en_uso() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "productos" WHERE position(OLD."sha256" in ("img" || ',' || "imagen" || ',' || "img_hover")) > 0)
    OR EXISTS (SELECT 1 FROM "pedido_lineas" WHERE position(OLD."sha256" in "img") > 0)
    OR EXISTS (SELECT 1 FROM "banners" WHERE position(OLD."sha256" in "img_url") > 0)
    OR EXISTS (SELECT 1 FROM "popups" WHERE position(OLD."sha256" in "img_url") > 0)
    OR EXISTS (SELECT 1 FROM "sociales" WHERE position(OLD."sha256" in "url") > 0)
    OR EXISTS (SELECT 1 FROM "resenas" WHERE position(OLD."sha256" in coalesce("foto", '')) > 0)
  THEN
    RETURN NULL;
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "imagenes_conservar_en_uso" BEFORE DELETE ON "imagenes" FOR EACH ROW EXECUTE FUNCTION imagenes_conservar_en_uso();
