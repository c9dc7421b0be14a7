-- The history of every change to a product's web stock (issue 37): a trigger writes one row per product
-- whose "stock" changed, whatever changed it, so no path (checkout, cancellation, return, import, the
-- back office, a hand-written SQL) can move units unrecorded. Why and who come from two settings local to
-- the transaction (kb.stock_motivo, kb.stock_actor, kb.stock_pedido; see src/server/catalogue/movimientos.ts);
-- a change made without them is recorded as 'sin motivo' by 'sistema'.
CREATE TABLE "movimientos_stock" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"producto_id" integer NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"antes" integer NOT NULL,
	"despues" integer NOT NULL,
	"motivo" text NOT NULL,
	"actor" text NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"pedido_id" integer
);
--> statement-breakpoint
ALTER TABLE "movimientos_stock" ADD CONSTRAINT "movimientos_stock_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movimientos_stock_producto_idx" ON "movimientos_stock" USING btree ("producto_id","id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION movimientos_stock_registrar() RETURNS trigger AS $$
BEGIN
  INSERT INTO "movimientos_stock" ("producto_id", "antes", "despues", "motivo", "actor", "nota", "pedido_id")
  VALUES (
    NEW."id",
    CASE WHEN TG_OP = 'INSERT' THEN 0 ELSE OLD."stock" END,
    NEW."stock",
    COALESCE(NULLIF(current_setting('kb.stock_motivo', true), ''), 'sin motivo'),
    COALESCE(NULLIF(current_setting('kb.stock_actor', true), ''), 'sistema'),
    COALESCE(current_setting('kb.stock_nota', true), ''),
    NULLIF(current_setting('kb.stock_pedido', true), '')::integer
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER movimientos_stock_cambio AFTER UPDATE OF "stock" ON "productos" FOR EACH ROW WHEN (OLD."stock" IS DISTINCT FROM NEW."stock") EXECUTE FUNCTION movimientos_stock_registrar();
--> statement-breakpoint
CREATE TRIGGER movimientos_stock_alta AFTER INSERT ON "productos" FOR EACH ROW WHEN (NEW."stock" <> 0) EXECUTE FUNCTION movimientos_stock_registrar();
