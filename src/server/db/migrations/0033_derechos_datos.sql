-- The customers' data rights (Ley 29733, Ley de Protección de Datos Personales): the back office's 'Clientes'
-- screen searches customers by name, e-mail and document without minding accents or case (a stored column, as
-- the orders desk's); each request of access, rectification or cancellation is recorded with the day it was
-- received, the reglamento's deadline, when it was done and by whom. A request outlives the account it was
-- about (cliente_id set null): the shop keeps the proof that it answered. A deleted account's orders stay,
-- anonymised, for SUNAT and the shop's books: their cliente_id becomes null.
ALTER TABLE "clientes" ADD COLUMN "busqueda" text GENERATED ALWAYS AS (lower(translate("clientes"."nombre" || ' ' || "clientes"."apellido" || ' ' || "clientes"."usuario" || ' ' || "clientes"."correo" || ' ' || "clientes"."dni" || ' ' || "clientes"."pasaporte" || ' ' || "clientes"."carnet_extranjeria", 'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑÇáàäâéèëêíìïîóòöôúùüûñç', 'AAAAEEEEIIIIOOOOUUUUNCaaaaeeeeiiiioooouuuunc'))) STORED;--> statement-breakpoint
CREATE INDEX "clientes_creado_idx" ON "clientes" USING btree ("creado" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "pedidos" ALTER COLUMN "cliente_id" DROP NOT NULL;--> statement-breakpoint
CREATE TABLE "solicitudes_datos" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer,
	"tipo" text NOT NULL,
	"recibida" date NOT NULL,
	"plazo" date NOT NULL,
	"atendida" timestamp with time zone,
	"atendida_por" text,
	"detalle" text DEFAULT '' NOT NULL,
	"registrada_por" text NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solicitudes_datos_tipo_check" CHECK ("tipo" IN ('acceso', 'rectificacion', 'cancelacion')),
	CONSTRAINT "solicitudes_datos_atendida_check" CHECK (("atendida" IS NULL) = ("atendida_por" IS NULL)),
	CONSTRAINT "solicitudes_datos_plazo_check" CHECK ("plazo" >= "recibida")
);
--> statement-breakpoint
ALTER TABLE "solicitudes_datos" ADD CONSTRAINT "solicitudes_datos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solicitudes_datos_cliente_idx" ON "solicitudes_datos" USING btree ("cliente_id","recibida");
