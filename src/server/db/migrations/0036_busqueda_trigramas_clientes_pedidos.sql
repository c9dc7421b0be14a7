-- The back office's customer and order searches (each word anywhere in `busqueda`, LIKE '%…%') read a trigram index
-- like the products' (migration 0035, decision 0228) instead of every account and every order.
CREATE INDEX "clientes_busqueda_trgm_idx" ON "clientes" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pedidos_busqueda_trgm_idx" ON "pedidos" USING gin ("busqueda" gin_trgm_ops);