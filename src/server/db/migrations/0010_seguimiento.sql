-- Dispatch with a tracking number (issue 25): the courier and the guía a delivery order left with.
ALTER TABLE "pedidos" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "guia" text;