-- Electronic receipts (issue 23): boletas, facturas and credit notes, numbered per series from a
-- counter row the paying (or cancelling) transaction locks, so a correlative never repeats nor skips;
-- the receipt an order asks for is on the order. Receipts are tax records: a trigger refuses deleting them.
CREATE TABLE "comprobantes" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"serie" text NOT NULL,
	"correlativo" integer NOT NULL,
	"emitido" timestamp with time zone DEFAULT now() NOT NULL,
	"modifica_id" integer,
	"motivo" text,
	"cliente" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"gravada" integer NOT NULL,
	"igv" integer NOT NULL,
	"descuentos" integer NOT NULL,
	"total" integer NOT NULL,
	"proveedor" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"mensaje" text,
	"codigo_sunat" text,
	"enlace_pdf" text,
	"enlace_xml" text,
	"enlace_cdr" text,
	"clave" text NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comprobantes_tipo_check" CHECK ("comprobantes"."tipo" IN ('01', '03', '07')),
	CONSTRAINT "comprobantes_estado_check" CHECK ("comprobantes"."estado" IN ('pendiente', 'aceptado', 'rechazado')),
	CONSTRAINT "comprobantes_nota_check" CHECK (("comprobantes"."tipo" = '07') = ("comprobantes"."modifica_id" IS NOT NULL)),
	CONSTRAINT "comprobantes_correlativo_check" CHECK ("comprobantes"."correlativo" > 0)
);
--> statement-breakpoint
CREATE TABLE "comprobantes_series" (
	"serie" text PRIMARY KEY NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "comprobante_tipo" text DEFAULT '03' NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "factura_ruc" text;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "factura_razon_social" text;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "factura_direccion" text;--> statement-breakpoint
ALTER TABLE "comprobantes" ADD CONSTRAINT "comprobantes_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comprobantes" ADD CONSTRAINT "comprobantes_modifica_id_comprobantes_id_fk" FOREIGN KEY ("modifica_id") REFERENCES "public"."comprobantes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comprobantes_numero_idx" ON "comprobantes" USING btree ("serie","correlativo");--> statement-breakpoint
CREATE UNIQUE INDEX "comprobantes_clave_idx" ON "comprobantes" USING btree ("clave");--> statement-breakpoint
CREATE UNIQUE INDEX "comprobantes_venta_idx" ON "comprobantes" USING btree ("pedido_id") WHERE "comprobantes"."tipo" IN ('01', '03');--> statement-breakpoint
CREATE UNIQUE INDEX "comprobantes_nota_idx" ON "comprobantes" USING btree ("pedido_id") WHERE "comprobantes"."tipo" = '07';--> statement-breakpoint
CREATE INDEX "comprobantes_estado_idx" ON "comprobantes" USING btree ("estado","emitido");--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_comprobante_check" CHECK ("pedidos"."comprobante_tipo" = '03' OR ("pedidos"."comprobante_tipo" = '01' AND "pedidos"."factura_ruc" IS NOT NULL AND "pedidos"."factura_razon_social" IS NOT NULL AND "pedidos"."factura_direccion" IS NOT NULL));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION comprobantes_no_se_borran() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'Los comprobantes electrónicos no se borran.';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER comprobantes_sin_borrado BEFORE DELETE ON "comprobantes" FOR EACH ROW EXECUTE FUNCTION comprobantes_no_se_borran();
--> statement-breakpoint
CREATE TRIGGER comprobantes_sin_vaciado BEFORE TRUNCATE ON "comprobantes" FOR EACH STATEMENT EXECUTE FUNCTION comprobantes_no_se_borran();
