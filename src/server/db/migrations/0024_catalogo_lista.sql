-- The back office's product list (issue 37): what its search compares (the SKU and the name without
-- accents, in lower case, kept by the database so no row is folded at query time; the brand's name is
-- matched in its own small table), the stock filter's index, and the per-product audit trail's index
-- (entries name their product as 'producto 12' or 'producto 12 (SKU)').
ALTER TABLE "productos" ADD COLUMN "busqueda" text GENERATED ALWAYS AS (lower(translate(coalesce("productos"."sku", '') || ' ' || "productos"."nombre", 'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑÇáàäâéèëêíìïîóòöôúùüûñç', 'AAAAEEEEIIIIOOOOUUUUNCaaaaeeeeiiiioooouuuunc'))) STORED;--> statement-breakpoint
CREATE INDEX "productos_stock_idx" ON "productos" USING btree ("stock");--> statement-breakpoint
CREATE INDEX "auditoria_objetivo_idx" ON "auditoria" USING btree ("objetivo" text_pattern_ops);
