-- The back office's product list at 100,000 products (decision 0228): its search (each word anywhere in `busqueda`,
-- LIKE '%…%') reads a trigram index instead of every row, and its first page (newest first, not archived) is counted
-- and paged from a partial index. pg_trgm ships with PostgreSQL and is a trusted extension (the database's owner may
-- create it); the embedded PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "productos_busqueda_trgm_idx" ON "productos" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "productos_activos_idx" ON "productos" USING btree ("id" DESC NULLS LAST) WHERE "productos"."archivado" IS NULL;