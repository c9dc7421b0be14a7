-- Catalogue operations (issue 14): the operator's audit trail, the image store (content-addressed,
-- so neither needs the catalogue-version trigger: a page changes only when a product or home row
-- starts pointing at an image, and those tables already bump the version), product SKUs for imports,
-- hidden products and an order for popups.
CREATE TABLE "auditoria" (
	"id" serial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"operador" text NOT NULL,
	"accion" text NOT NULL,
	"objetivo" text NOT NULL,
	"antes" jsonb,
	"despues" jsonb
);
--> statement-breakpoint
CREATE TABLE "imagenes" (
	"sha256" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"datos" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"ancho" integer,
	"alto" integer,
	"nombre" text DEFAULT '' NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "orden" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "productos_sku_idx" ON "productos" USING btree ("sku");