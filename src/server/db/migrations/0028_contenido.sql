-- The storefront's content edited in the back office (issue 37): a banner's phone image, and the dates a
-- banner, a popup or a top-strip message runs from and to (null: no limit; the public calls answer only
-- what runs now, the static pages carry the dates and the browser hides what is out of them); the shop's
-- texts (static pages, locations and hours, social links) as JSON by key, the code's copy until edited;
-- and each catalogue version's publication (built and live, or failed with its error) for the back office.
ALTER TABLE "banners" ADD COLUMN "img_movil_url" text;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "desde" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "desde" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "popups" ADD COLUMN "hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mensajes_barra" ADD COLUMN "desde" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mensajes_barra" ADD COLUMN "hasta" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "textos_tienda" (
	"clave" text PRIMARY KEY NOT NULL,
	"contenido" jsonb NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER textos_tienda_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "textos_tienda" FOR EACH STATEMENT EXECUTE FUNCTION catalogo_bump_version();
--> statement-breakpoint
CREATE TABLE "publicaciones" (
	"version" bigint PRIMARY KEY NOT NULL,
	"estado" text NOT NULL,
	"error" text,
	"iniciada" timestamp with time zone DEFAULT now() NOT NULL,
	"terminada" timestamp with time zone,
	CONSTRAINT "publicaciones_estado_check" CHECK ("estado" IN ('construyendo', 'publicada', 'fallida'))
);
