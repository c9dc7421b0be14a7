CREATE TABLE "departamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"ubigeo" text NOT NULL,
	"nombre" text NOT NULL,
	"busqueda" text NOT NULL,
	CONSTRAINT "departamentos_ubigeo_unique" UNIQUE("ubigeo")
);
--> statement-breakpoint
CREATE TABLE "distritos" (
	"id" serial PRIMARY KEY NOT NULL,
	"provincia_id" integer NOT NULL,
	"ubigeo" text NOT NULL,
	"nombre" text NOT NULL,
	"busqueda" text NOT NULL,
	"tarifa" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provincias" (
	"id" serial PRIMARY KEY NOT NULL,
	"departamento_id" integer NOT NULL,
	"ubigeo" text NOT NULL,
	"nombre" text NOT NULL,
	"busqueda" text NOT NULL,
	CONSTRAINT "provincias_ubigeo_unique" UNIQUE("ubigeo")
);
--> statement-breakpoint
CREATE TABLE "cupones_globales" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"descuento" numeric(5, 2) NOT NULL,
	"fecha_inicio" date NOT NULL,
	"fecha_fin" date NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"usado" boolean DEFAULT false NOT NULL,
	"assigned_products" text DEFAULT '' NOT NULL,
	"assigned_brands" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cupones_usuario" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"code" text NOT NULL,
	"porcentaje" numeric(5, 2) NOT NULL,
	"usado" boolean DEFAULT false NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distritos" ADD CONSTRAINT "distritos_provincia_id_provincias_id_fk" FOREIGN KEY ("provincia_id") REFERENCES "public"."provincias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provincias" ADD CONSTRAINT "provincias_departamento_id_departamentos_id_fk" FOREIGN KEY ("departamento_id") REFERENCES "public"."departamentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupones_usuario" ADD CONSTRAINT "cupones_usuario_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "distritos_ubigeo_idx" ON "distritos" USING btree ("ubigeo");--> statement-breakpoint
CREATE INDEX "distritos_provincia_idx" ON "distritos" USING btree ("provincia_id");--> statement-breakpoint
CREATE INDEX "provincias_departamento_idx" ON "provincias" USING btree ("departamento_id");--> statement-breakpoint
CREATE INDEX "provincias_busqueda_idx" ON "provincias" USING btree ("busqueda");--> statement-breakpoint
CREATE UNIQUE INDEX "cupones_globales_codigo_idx" ON "cupones_globales" USING btree (lower("codigo"));--> statement-breakpoint
CREATE INDEX "cupones_usuario_cliente_idx" ON "cupones_usuario" USING btree ("cliente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cupones_usuario_code_idx" ON "cupones_usuario" USING btree (lower("code"));