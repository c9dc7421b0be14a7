-- Mercado Pago's fee and the net it credits (decision 0223): read from the payment itself (fee_details, transaction_details.net_received_amount)
-- when the shop applies it, in céntimos; null when the provider did not say (a payment of the offline prueba, a transfer, one applied before this).
ALTER TABLE "pagos" ADD COLUMN "comision" integer;--> statement-breakpoint
ALTER TABLE "pagos" ADD COLUMN "neto" integer;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_comision_check" CHECK ("comision" IS NULL OR "comision" >= 0);--> statement-breakpoint
-- The daily close reads the refunds and the receipts of a period by their date.
CREATE INDEX "reembolsos_creado_idx" ON "reembolsos" ("creado");--> statement-breakpoint
CREATE INDEX "comprobantes_emision_dia_idx" ON "comprobantes" ("emitido");
