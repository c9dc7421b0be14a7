-- Refunds and returns (issue 36): a paid order cancelled before delivery is refunded in full through the
-- payment provider; a delivered order's lines may be returned within the return window, each return with
-- its own partial nota de crédito and refund. A refund is recorded (pendiente) in the transaction that
-- cancels the order or accepts the return, keyed by a unique idempotency key, and then asked of the
-- provider with that key: a replay or a retry never refunds twice. Amounts are céntimos.
CREATE TABLE "devoluciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"motivo" text NOT NULL,
	"monto" integer NOT NULL,
	"envio" integer DEFAULT 0 NOT NULL,
	"quien" text NOT NULL,
	"comprobante_id" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devoluciones_monto_check" CHECK ("devoluciones"."monto" >= 0 AND "devoluciones"."envio" >= 0 AND "devoluciones"."envio" <= "devoluciones"."monto")
);--> statement-breakpoint
CREATE TABLE "devolucion_lineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"devolucion_id" integer NOT NULL,
	"pedido_linea_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"tamano" text DEFAULT '' NOT NULL,
	"cantidad" integer NOT NULL,
	"revendible" boolean NOT NULL,
	"monto" integer NOT NULL,
	CONSTRAINT "devolucion_lineas_cantidad_check" CHECK ("devolucion_lineas"."cantidad" > 0 AND "devolucion_lineas"."monto" >= 0)
);--> statement-breakpoint
CREATE TABLE "reembolsos" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"devolucion_id" integer,
	"pago_id" text NOT NULL,
	"pasarela" text NOT NULL,
	"monto" integer NOT NULL,
	"motivo" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"id_proveedor" text,
	"clave_idempotencia" text NOT NULL,
	"quien" text NOT NULL,
	"mensaje" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reembolsos_monto_check" CHECK ("reembolsos"."monto" > 0),
	CONSTRAINT "reembolsos_estado_check" CHECK ("reembolsos"."estado" IN ('pendiente', 'aprobado', 'fallido'))
);--> statement-breakpoint
CREATE TABLE "reembolsos_prueba" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pago_id" text NOT NULL,
	"monto" integer NOT NULL,
	"clave_idempotencia" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "comprobantes" ADD COLUMN "motivo_codigo" text;--> statement-breakpoint
ALTER TABLE "devoluciones" ADD CONSTRAINT "devoluciones_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devoluciones" ADD CONSTRAINT "devoluciones_comprobante_id_comprobantes_id_fk" FOREIGN KEY ("comprobante_id") REFERENCES "public"."comprobantes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucion_lineas" ADD CONSTRAINT "devolucion_lineas_devolucion_id_devoluciones_id_fk" FOREIGN KEY ("devolucion_id") REFERENCES "public"."devoluciones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devolucion_lineas" ADD CONSTRAINT "devolucion_lineas_pedido_linea_id_pedido_lineas_id_fk" FOREIGN KEY ("pedido_linea_id") REFERENCES "public"."pedido_lineas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reembolsos" ADD CONSTRAINT "reembolsos_devolucion_id_devoluciones_id_fk" FOREIGN KEY ("devolucion_id") REFERENCES "public"."devoluciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devoluciones_pedido_idx" ON "devoluciones" USING btree ("pedido_id");--> statement-breakpoint
CREATE INDEX "devolucion_lineas_devolucion_idx" ON "devolucion_lineas" USING btree ("devolucion_id");--> statement-breakpoint
CREATE INDEX "devolucion_lineas_linea_idx" ON "devolucion_lineas" USING btree ("pedido_linea_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reembolsos_clave_idx" ON "reembolsos" USING btree ("clave_idempotencia");--> statement-breakpoint
CREATE INDEX "reembolsos_pedido_idx" ON "reembolsos" USING btree ("pedido_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reembolsos_prueba_clave_idx" ON "reembolsos_prueba" USING btree ("clave_idempotencia");--> statement-breakpoint
-- One annulment credit note per order (SUNAT catálogo 09 code 01, or a note from before this column);
-- the partial notes of returns (07 devolución por ítem, 06 devolución total) are one per return.
DROP INDEX "comprobantes_nota_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "comprobantes_nota_idx" ON "comprobantes" USING btree ("pedido_id") WHERE "comprobantes"."tipo" = '07' AND "comprobantes"."estado" <> 'rechazado' AND ("comprobantes"."motivo_codigo" IS NULL OR "comprobantes"."motivo_codigo" = '01');
