CREATE TABLE "pagos" (
	"id" text PRIMARY KEY NOT NULL,
	"pedido_id" integer,
	"pasarela" text NOT NULL,
	"estado" text NOT NULL,
	"detalle" text DEFAULT '' NOT NULL,
	"monto" integer NOT NULL,
	"moneda" text NOT NULL,
	"tipo" text DEFAULT '' NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagos_prueba" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"preferencia_id" text NOT NULL,
	"referencia_externa" text NOT NULL,
	"estado" text NOT NULL,
	"detalle" text NOT NULL,
	"monto" integer NOT NULL,
	"moneda" text NOT NULL,
	"tipo" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido_historial" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"estado" text NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"nota" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido_lineas" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"producto_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"marca" text DEFAULT '' NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"tamano" text DEFAULT '' NOT NULL,
	"cantidad" integer NOT NULL,
	"precio_unitario" integer NOT NULL,
	"precio_con_descuento" integer NOT NULL,
	"precio_cobrado" integer NOT NULL,
	CONSTRAINT "pedido_lineas_cantidad_check" CHECK ("pedido_lineas"."cantidad" > 0)
);
--> statement-breakpoint
CREATE TABLE "pedidos" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"estado" text DEFAULT 'PENDIENTE' NOT NULL,
	"clave_idempotencia" text NOT NULL,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"recojo" boolean NOT NULL,
	"metodo_envio" text NOT NULL,
	"direccion" text NOT NULL,
	"instrucciones" text DEFAULT '' NOT NULL,
	"horario" text DEFAULT '' NOT NULL,
	"departamento" text,
	"provincia" text,
	"distrito" text,
	"nombre" text NOT NULL,
	"apellido" text DEFAULT '' NOT NULL,
	"correo" text NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"documento_tipo" text NOT NULL,
	"documento_numero" text NOT NULL,
	"codigo_descuento" text,
	"porcentaje_descuento_bp" integer DEFAULT 0 NOT NULL,
	"cupon_usuario_id" integer,
	"subtotal" integer NOT NULL,
	"descuento" integer NOT NULL,
	"envio" integer NOT NULL,
	"total" integer NOT NULL,
	"pasarela" text NOT NULL,
	"preferencia_id" text,
	"url_pago" text,
	"pago_id" text,
	"pagado" timestamp with time zone,
	"fecha_entrega" timestamp with time zone,
	CONSTRAINT "pedidos_montos_check" CHECK ("pedidos"."total" >= 0 AND "pedidos"."subtotal" >= 0 AND "pedidos"."descuento" >= 0 AND "pedidos"."envio" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trabajos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"datos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"clave" text,
	"ejecutar_en" timestamp with time zone DEFAULT now() NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"max_intentos" integer DEFAULT 8 NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	"ultimo_error" text,
	"creado" timestamp with time zone DEFAULT now() NOT NULL,
	"terminado" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_historial" ADD CONSTRAINT "pedido_historial_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_lineas" ADD CONSTRAINT "pedido_lineas_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedido_historial_pedido_idx" ON "pedido_historial" USING btree ("pedido_id");--> statement-breakpoint
CREATE INDEX "pedido_lineas_pedido_idx" ON "pedido_lineas" USING btree ("pedido_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_idempotencia_idx" ON "pedidos" USING btree ("cliente_id","clave_idempotencia");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_preferencia_idx" ON "pedidos" USING btree ("preferencia_id");--> statement-breakpoint
CREATE INDEX "pedidos_cliente_idx" ON "pedidos" USING btree ("cliente_id","creado");--> statement-breakpoint
CREATE INDEX "pedidos_pendientes_idx" ON "pedidos" USING btree ("expira") WHERE "pedidos"."estado" = 'PENDIENTE';--> statement-breakpoint
CREATE UNIQUE INDEX "trabajos_clave_idx" ON "trabajos" USING btree ("clave");--> statement-breakpoint
CREATE INDEX "trabajos_pendientes_idx" ON "trabajos" USING btree ("ejecutar_en") WHERE "trabajos"."terminado" IS NULL;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_stock_check" CHECK ("productos"."stock" >= 0 AND "productos"."stock_total" >= 0);