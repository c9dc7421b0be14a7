-- The orders desk (issue 36): who took each step of an order's life, the staff's internal notes, and
-- the indexes that keep the back office's list, its filters and the home fast with tens of thousands
-- of orders (search reads one stored column: the name, e-mail and document without accents, in lower
-- case; the district filter an index of the district folded the same way). Steps recorded before this migration were the shop's own machinery or an operator whose
-- name the audit trail keeps: they read 'Sistema'.
ALTER TABLE "pedido_historial" ADD COLUMN "actor" text DEFAULT 'Sistema' NOT NULL;--> statement-breakpoint
CREATE TABLE "pedido_notas" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"autor" text NOT NULL,
	"texto" text NOT NULL
);--> statement-breakpoint
ALTER TABLE "pedido_notas" ADD CONSTRAINT "pedido_notas_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedido_notas_pedido_idx" ON "pedido_notas" USING btree ("pedido_id","fecha");--> statement-breakpoint
CREATE INDEX "pedidos_creado_idx" ON "pedidos" USING btree ("creado" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_estado_creado_idx" ON "pedidos" USING btree ("estado","creado" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pedidos_metodo_pago_idx" ON "pedidos" USING btree ("metodo_pago","creado" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "busqueda" text GENERATED ALWAYS AS (lower(translate("pedidos"."nombre" || ' ' || "pedidos"."apellido" || ' ' || "pedidos"."correo" || ' ' || "pedidos"."documento_numero", 'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑÇáàäâéèëêíìïîóòöôúùüûñç', 'AAAAEEEEIIIIOOOOUUUUNCaaaaeeeeiiiioooouuuunc'))) STORED;--> statement-breakpoint
CREATE INDEX "pedidos_distrito_idx" ON "pedidos" USING btree (lower(translate("distrito", 'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑÇáàäâéèëêíìïîóòöôúùüûñç', 'AAAAEEEEIIIIOOOOUUUUNCaaaaeeeeiiiioooouuuunc')));--> statement-breakpoint
CREATE INDEX "pedidos_total_idx" ON "pedidos" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "pedidos_pagado_idx" ON "pedidos" USING btree ("pagado") WHERE "pedidos"."pagado" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "pedidos_courier_idx" ON "pedidos" USING btree ("actualizado" DESC NULLS LAST) WHERE "pedidos"."courier" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "pagos_pedido_idx" ON "pagos" USING btree ("pedido_id");
