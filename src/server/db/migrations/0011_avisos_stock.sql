-- 'Avísame cuando llegue' (issue 25): the addresses waiting for a sold-out product, one pending row
-- per (product, address), each with the unguessable key of its one-click unsubscribe link. A trigger
-- enqueues an 'aviso-stock' job whenever a product's web stock goes from 0 (or below) to above 0,
-- whatever changed it (the operator, an import, a cancelled order returning units); the job sends
-- the e-mails and ends each subscription.
CREATE TABLE "avisos_stock" (
	"id" serial PRIMARY KEY NOT NULL,
	"producto_id" integer NOT NULL,
	"correo" text NOT NULL,
	"cliente_id" integer,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado" timestamp with time zone,
	"baja" timestamp with time zone,
	"clave" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avisos_stock" ADD CONSTRAINT "avisos_stock_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_stock" ADD CONSTRAINT "avisos_stock_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "avisos_stock_clave_idx" ON "avisos_stock" USING btree ("clave");--> statement-breakpoint
CREATE UNIQUE INDEX "avisos_stock_pendiente_idx" ON "avisos_stock" USING btree ("producto_id","correo") WHERE "avisos_stock"."enviado" IS NULL AND "avisos_stock"."baja" IS NULL;--> statement-breakpoint
CREATE INDEX "avisos_stock_producto_idx" ON "avisos_stock" USING btree ("producto_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION avisos_stock_encolar() RETURNS trigger AS $$
BEGIN
  -- Only products someone waits for get a job: a bulk restock (an import) adds none for the rest.
  IF EXISTS (SELECT 1 FROM "avisos_stock" WHERE "producto_id" = NEW."id" AND "enviado" IS NULL AND "baja" IS NULL) THEN
    INSERT INTO "trabajos" ("tipo", "datos", "clave")
    VALUES ('aviso-stock', jsonb_build_object('productoId', NEW."id"), 'aviso-stock:' || NEW."id" || ':' || extract(epoch from now()))
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER avisos_stock_reposicion AFTER UPDATE OF "stock" ON "productos" FOR EACH ROW WHEN (OLD."stock" <= 0 AND NEW."stock" > 0) EXECUTE FUNCTION avisos_stock_encolar();
