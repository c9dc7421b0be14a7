-- Reviews only buyers can write (issue 25): one per (product, customer), proven by an ENTREGADO order,
-- waiting for the operator's approval. The product keeps the count and star sum of its approved reviews
-- (recomputed at each moderation), so the average costs nothing to list and a moderation moves the
-- catalogue version (the trigger of 0001) and so the static pages. `clave_correos` is the key of the
-- one-click unsubscribe link of marketing e-mails (the review invitation), made when first needed.
CREATE TABLE "resenas" (
	"id" serial PRIMARY KEY NOT NULL,
	"producto_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"pedido_id" integer NOT NULL,
	"estrellas" smallint NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"foto" text,
	"autor" text NOT NULL,
	"estado" text DEFAULT 'PENDIENTE' NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"moderada" timestamp with time zone,
	"operador" text,
	CONSTRAINT "resenas_estrellas_check" CHECK ("resenas"."estrellas" BETWEEN 1 AND 5),
	CONSTRAINT "resenas_estado_check" CHECK ("resenas"."estado" IN ('PENDIENTE', 'APROBADA', 'RECHAZADA'))
);
--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "resenas_cantidad" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "resenas_suma" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "clave_correos" text;--> statement-breakpoint
ALTER TABLE "resenas" ADD CONSTRAINT "resenas_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resenas" ADD CONSTRAINT "resenas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resenas" ADD CONSTRAINT "resenas_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resenas_producto_cliente_idx" ON "resenas" USING btree ("producto_id","cliente_id");--> statement-breakpoint
CREATE INDEX "resenas_publicadas_idx" ON "resenas" USING btree ("producto_id","estado","moderada" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resenas_estado_idx" ON "resenas" USING btree ("estado","creada");--> statement-breakpoint
CREATE UNIQUE INDEX "clientes_clave_correos_idx" ON "clientes" USING btree ("clave_correos");