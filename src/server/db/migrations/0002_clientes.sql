CREATE TABLE "clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"apellido" text DEFAULT '' NOT NULL,
	"usuario" text NOT NULL,
	"correo" text NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"ciudad" text DEFAULT '' NOT NULL,
	"direccion" text DEFAULT '' NOT NULL,
	"dni" text DEFAULT '' NOT NULL,
	"pasaporte" text DEFAULT '' NOT NULL,
	"carnet_extranjeria" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"acepta_marketing" boolean DEFAULT false NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codigos_recuperacion" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"codigo_hash" text NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"validado" timestamp with time zone,
	"usado" timestamp with time zone,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limites_solicitudes" (
	"clave" text NOT NULL,
	"ventana" timestamp with time zone NOT NULL,
	"cuenta" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "limites_solicitudes_clave_ventana_pk" PRIMARY KEY("clave","ventana")
);
--> statement-breakpoint
CREATE TABLE "secretos" (
	"nombre" text PRIMARY KEY NOT NULL,
	"valor" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "codigos_recuperacion" ADD CONSTRAINT "codigos_recuperacion_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_usuario_lower_idx" ON "clientes" USING btree (lower("usuario"));--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_correo_lower_idx" ON "clientes" USING btree (lower("correo"));--> statement-breakpoint
CREATE INDEX "codigos_recuperacion_cliente_idx" ON "codigos_recuperacion" USING btree ("cliente_id");--> statement-breakpoint
CREATE INDEX "limites_solicitudes_ventana_idx" ON "limites_solicitudes" USING btree ("ventana");