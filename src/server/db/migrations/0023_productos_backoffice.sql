-- The back office's catalogue (issue 37): a product archived (hidden from the shop and from the lists,
-- kept for the orders and receipts that name it; never deleted once sold), each photo's alternative text
-- (by its URL, so reordering photos keeps their texts), and the dates a product's own discount runs from
-- and to (Lima's calendar days, both included; null: no limit).
ALTER TABLE "productos" ADD COLUMN "archivado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "fotos_alt" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "descuento_desde" date;--> statement-breakpoint
ALTER TABLE "productos" ADD COLUMN "descuento_hasta" date;
