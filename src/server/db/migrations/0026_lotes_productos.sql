-- Bulk changes of products (issue 37): each batch the back office applied, with every product's changed
-- fields before and after, so the last one can be undone exactly (and refused when a product moved
-- since). `descuentos_dia` is the Lima day whose product discount dates the catalogue versions last
-- reflected: the background work bumps the versions once when a new day starts or ends a discount, so the
-- static pages and the API's in-memory copies follow the dates (see catalogue/descuentos-del-dia.ts).
CREATE TABLE "lotes_productos" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"operador" text NOT NULL,
	"descripcion" text NOT NULL,
	"cantidad" integer NOT NULL,
	"filas" jsonb NOT NULL,
	"deshecho" timestamp with time zone,
	"deshecho_por" text
);
--> statement-breakpoint
CREATE INDEX "lotes_productos_pendiente_idx" ON "lotes_productos" USING btree ("id") WHERE "deshecho" IS NULL;
--> statement-breakpoint
ALTER TABLE "catalogo_estado" ADD COLUMN "descuentos_dia" date;
