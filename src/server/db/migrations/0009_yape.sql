-- Yape through Mercado Pago's Checkout API (issue 24): how each order is paid, the test mode's payment method, and
-- each Yape submission by the browser's attempt id (a resend answers its outcome instead of paying twice).
-- The phone and the approval code are never stored.
CREATE TABLE "intentos_yape" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"intento" text NOT NULL,
	"estado" text DEFAULT 'en-curso' NOT NULL,
	"pago_id" text,
	"detalle" text DEFAULT '' NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pagos_prueba" ADD COLUMN "metodo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "metodo_pago" text DEFAULT 'checkout-pro' NOT NULL;--> statement-breakpoint
ALTER TABLE "intentos_yape" ADD CONSTRAINT "intentos_yape_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "intentos_yape_idx" ON "intentos_yape" USING btree ("pedido_id","intento");