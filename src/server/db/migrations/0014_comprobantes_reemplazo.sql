-- SUNAT's numbering on rejection (issue 34): a receipt SUNAT rejected (codes 2000–3999) keeps its used
-- number on record and a new receipt, with the next number of its series, replaces it; one the provider
-- returned before SUNAT saw it is pending, to be corrected and resent with its number; an accepted one
-- keeps SUNAT's observations (codes 4000+). The "one sale receipt / one credit note per order" indexes
-- no longer count the rejected ones.
DROP INDEX "comprobantes_venta_idx";--> statement-breakpoint
DROP INDEX "comprobantes_nota_idx";--> statement-breakpoint
ALTER TABLE "comprobantes" ADD COLUMN "reemplaza_id" integer;--> statement-breakpoint
ALTER TABLE "comprobantes" ADD COLUMN "observaciones" text;--> statement-breakpoint
ALTER TABLE "comprobantes" ADD COLUMN "por_corregir" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "comprobantes" ADD COLUMN "cliente_corregido" jsonb;--> statement-breakpoint
ALTER TABLE "comprobantes" ADD CONSTRAINT "comprobantes_reemplaza_id_comprobantes_id_fk" FOREIGN KEY ("reemplaza_id") REFERENCES "public"."comprobantes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "comprobantes_reemplaza_idx" ON "comprobantes" USING btree ("reemplaza_id") WHERE "comprobantes"."reemplaza_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "comprobantes_venta_idx" ON "comprobantes" USING btree ("pedido_id") WHERE "comprobantes"."tipo" IN ('01', '03') AND "comprobantes"."estado" <> 'rechazado';--> statement-breakpoint
CREATE UNIQUE INDEX "comprobantes_nota_idx" ON "comprobantes" USING btree ("pedido_id") WHERE "comprobantes"."tipo" = '07' AND "comprobantes"."estado" <> 'rechazado';--> statement-breakpoint
-- Before issue 34 the provider's own refusals (and SOAP errors without a rejection code) were recorded as
-- rejected too: their numbers never reached SUNAT, so they are pending again, waiting for the operator.
UPDATE "comprobantes" SET "estado" = 'pendiente', "por_corregir" = true
WHERE "estado" = 'rechazado'
  AND NOT coalesce(CASE WHEN "codigo_sunat" ~ '^[0-9]{1,4}$' THEN "codigo_sunat"::integer BETWEEN 2000 AND 3999 END, false);
