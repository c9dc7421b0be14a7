CREATE TABLE "categorias" (
	"id" serial PRIMARY KEY NOT NULL,
	"linea_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categorias_hijas" (
	"id" serial PRIMARY KEY NOT NULL,
	"categoria_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lineas_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "marcas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"logo" text
);
--> statement-breakpoint
CREATE TABLE "productos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"precio" numeric(10, 2) NOT NULL,
	"descuento" numeric(5, 2) DEFAULT 0 NOT NULL,
	"descuento_n" numeric(10, 2) DEFAULT 0 NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"imagen" text DEFAULT '' NOT NULL,
	"img_hover" text DEFAULT '' NOT NULL,
	"newores" text DEFAULT '' NOT NULL,
	"etiquetalogo" text DEFAULT '' NOT NULL,
	"marca_id" integer NOT NULL,
	"colores" text DEFAULT '' NOT NULL,
	"tamanos" text DEFAULT '' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"stock_total" integer DEFAULT 0 NOT NULL,
	"modouso" text DEFAULT 'No especificado.' NOT NULL,
	"beneficios" text DEFAULT 'No especificado.' NOT NULL,
	"ingredientes" text DEFAULT 'No especificado.' NOT NULL,
	"categoria_id" integer NOT NULL,
	"child_id" integer,
	"fecha_llegada" date,
	"sedes" text DEFAULT '' NOT NULL,
	"tipo_piel" text DEFAULT '' NOT NULL,
	"edad" text DEFAULT '' NOT NULL,
	"inquietud_piel" text DEFAULT '' NOT NULL,
	"es_set" boolean DEFAULT false NOT NULL,
	"fecha_agregado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"img_url" text NOT NULL,
	"rutabutton" text,
	"alt" text DEFAULT '' NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mensajes_barra" (
	"id" serial PRIMARY KEY NOT NULL,
	"mensaje" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popups" (
	"id" serial PRIMARY KEY NOT NULL,
	"visible" integer DEFAULT 0 NOT NULL,
	"img_url" text NOT NULL,
	"rutabutton" text,
	"alt" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sociales" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"url" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogo_estado" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categorias" ADD CONSTRAINT "categorias_linea_id_lineas_id_fk" FOREIGN KEY ("linea_id") REFERENCES "public"."lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categorias_hijas" ADD CONSTRAINT "categorias_hijas_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_marca_id_marcas_id_fk" FOREIGN KEY ("marca_id") REFERENCES "public"."marcas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_child_id_categorias_hijas_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."categorias_hijas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_nombre_lower_idx" ON "categorias" USING btree (lower("nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_hijas_nombre_lower_idx" ON "categorias_hijas" USING btree (lower("nombre"));--> statement-breakpoint
CREATE UNIQUE INDEX "marcas_nombre_lower_idx" ON "marcas" USING btree (lower("nombre"));--> statement-breakpoint
CREATE INDEX "productos_marca_idx" ON "productos" USING btree ("marca_id");--> statement-breakpoint
CREATE INDEX "productos_categoria_idx" ON "productos" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "productos_child_idx" ON "productos" USING btree ("child_id");