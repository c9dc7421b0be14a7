-- The shop's own settings (issue 37, item 8): one row holding what the owner saved in the back office
-- (the company's RUC, razón social and address, the receipts' series, the transfer accounts, the shop's
-- e-mail, the free-shipping threshold, the return window and the pickup points). No row: the values of
-- the environment and the code (the defaults). Each receipt keeps the issuer it was numbered with, so a
-- later change of the company's data never rewrites a receipt already given.
CREATE TABLE "ajustes_tienda" (
	"id" integer PRIMARY KEY NOT NULL,
	"datos" jsonb NOT NULL,
	"actualizado" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_por" text NOT NULL,
	CONSTRAINT "ajustes_tienda_una_fila" CHECK ("ajustes_tienda"."id" = 1)
);--> statement-breakpoint
ALTER TABLE "comprobantes" ADD COLUMN "emisor" jsonb;
