-- The payment-method seam (issue 35): an order's method is stored with its id of the shared list
-- (src/lib/api/metodos-pago.ts), the one the API and the browser use: Checkout Pro's orders were
-- 'checkout-pro', they are 'mercadopago'. No default (the checkout always writes the method) and no
-- CHECK of the ids, so a method added through the seam needs no migration.
UPDATE "pedidos" SET "metodo_pago" = 'mercadopago' WHERE "metodo_pago" = 'checkout-pro';--> statement-breakpoint
ALTER TABLE "pedidos" ALTER COLUMN "metodo_pago" DROP DEFAULT;
