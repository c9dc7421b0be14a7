-- Shop coupons grow up (issue 37): a fixed amount off (céntimos) besides a percent, a minimum order
-- (products' subtotal in céntimos), N uses in all (null: no limit), one use per customer, the customers
-- a coupon is reserved for (none: anyone), and an end that, unlike a pause (activo = false), is final.
-- Each order remembers the shop coupon it used and what that coupon took off (céntimos), so the back
-- office counts uses and amounts from orders (a cancelled order gives its use back). Orders placed before
-- this migration are matched to their coupon by code; their "descuento" (which may include a routine's
-- bundle) is taken as the coupon's amount.
ALTER TABLE "cupones_globales" ADD COLUMN "tipo" text DEFAULT 'porcentaje' NOT NULL;--> statement-breakpoint
ALTER TABLE "cupones_globales" ADD COLUMN "monto" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cupones_globales" ADD COLUMN "minimo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cupones_globales" ADD COLUMN "usos_maximos" integer;--> statement-breakpoint
ALTER TABLE "cupones_globales" ADD COLUMN "uno_por_cliente" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cupones_globales" ADD COLUMN "terminado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cupones_globales" ADD COLUMN "creado" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "cupones_globales" ADD CONSTRAINT "cupones_globales_tipo_check" CHECK ("tipo" IN ('porcentaje', 'monto'));--> statement-breakpoint
CREATE TABLE "cupones_clientes" (
	"cupon_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	CONSTRAINT "cupones_clientes_pk" PRIMARY KEY("cupon_id","cliente_id")
);
--> statement-breakpoint
ALTER TABLE "cupones_clientes" ADD CONSTRAINT "cupones_clientes_cupon_id_cupones_globales_id_fk" FOREIGN KEY ("cupon_id") REFERENCES "public"."cupones_globales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupones_clientes" ADD CONSTRAINT "cupones_clientes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cupones_clientes_cliente_idx" ON "cupones_clientes" USING btree ("cliente_id");--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "cupon_global_id" integer;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "descuento_cupon" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "pedidos_cupon_global_idx" ON "pedidos" USING btree ("cupon_global_id","cliente_id");--> statement-breakpoint
UPDATE "pedidos" SET "cupon_global_id" = c."id", "descuento_cupon" = "pedidos"."descuento"
  FROM "cupones_globales" c
  WHERE "pedidos"."cupon_usuario_id" IS NULL AND "pedidos"."codigo_descuento" IS NOT NULL
    AND lower("pedidos"."codigo_descuento") = lower(c."codigo");
