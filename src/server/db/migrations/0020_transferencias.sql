-- Bank transfer made real and the shop's notices (issue 36): each confirmed transfer (one per order, its
-- operation number once per bank), and each notice e-mailed to the shop (one per kind and subject).
CREATE TABLE "transferencias" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"banco" text DEFAULT '' NOT NULL,
	"operacion" text NOT NULL,
	"monto" integer NOT NULL,
	"confirmado_por" text NOT NULL,
	"confirmado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transferencias" ADD CONSTRAINT "transferencias_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transferencias_pedido_idx" ON "transferencias" USING btree ("pedido_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transferencias_operacion_idx" ON "transferencias" USING btree ("banco","operacion");--> statement-breakpoint
CREATE TABLE "avisos_tienda" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"objetivo_id" integer NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "avisos_tienda_idx" ON "avisos_tienda" USING btree ("tipo","objetivo_id");--> statement-breakpoint
CREATE INDEX "avisos_tienda_pendientes_idx" ON "avisos_tienda" USING btree ("tipo") WHERE "enviado" IS NULL;
