-- The virtual Libro de Reclamaciones (issue 23): hojas de reclamación, numbered per year from a
-- counter row that each filing locks in its own transaction (no number repeats or is skipped), and
-- never deleted: a trigger refuses DELETE and TRUNCATE (kept for INDECOPI).
CREATE TABLE "reclamos" (
	"id" serial PRIMARY KEY NOT NULL,
	"anio" integer NOT NULL,
	"correlativo" integer NOT NULL,
	"fecha" timestamp with time zone NOT NULL,
	"cliente_id" integer,
	"proveedor" jsonb NOT NULL,
	"tipo" text NOT NULL,
	"nombre" text NOT NULL,
	"documento_tipo" text NOT NULL,
	"documento_numero" text NOT NULL,
	"direccion" text NOT NULL,
	"telefono" text,
	"correo" text NOT NULL,
	"menor_de_edad" boolean NOT NULL,
	"apoderado" jsonb,
	"bien_tipo" text NOT NULL,
	"bien_descripcion" text NOT NULL,
	"pedido" integer,
	"monto" integer,
	"detalle" text NOT NULL,
	"pedido_consumidor" text NOT NULL,
	"plazo" date NOT NULL,
	"respuesta" text,
	"respondido" timestamp with time zone,
	"respondido_por" text,
	CONSTRAINT "reclamos_tipo_check" CHECK ("reclamos"."tipo" IN ('reclamo', 'queja')),
	CONSTRAINT "reclamos_respuesta_check" CHECK (("reclamos"."respuesta" IS NULL) = ("reclamos"."respondido" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "reclamos_correlativos" (
	"anio" integer PRIMARY KEY NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reclamos" ADD CONSTRAINT "reclamos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reclamos_numero_idx" ON "reclamos" USING btree ("anio","correlativo");--> statement-breakpoint
CREATE INDEX "reclamos_plazo_idx" ON "reclamos" USING btree ("plazo");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reclamos_no_se_borran() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'Las hojas de reclamación no se borran.';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER reclamos_sin_borrado BEFORE DELETE ON "reclamos" FOR EACH ROW EXECUTE FUNCTION reclamos_no_se_borran();
--> statement-breakpoint
CREATE TRIGGER reclamos_sin_vaciado BEFORE TRUNCATE ON "reclamos" FOR EACH STATEMENT EXECUTE FUNCTION reclamos_no_se_borran();
