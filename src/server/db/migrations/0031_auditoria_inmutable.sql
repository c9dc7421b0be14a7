-- The audit trail is a record, not data to keep tidy: nobody edits or deletes an entry, not the
-- operator API, not a script, not a person with a SQL prompt short of dropping this trigger
-- (docs/decisions/0208-auditoria-inmutable.md). Only inserting is allowed. TRUNCATE is not refused:
-- it is neither UPDATE nor DELETE, and nothing in the shop issues it on this table; a restore loads
-- a whole database (PGlite's data folder, or pg_restore into an empty one) and deletes no row.
CREATE FUNCTION auditoria_inmutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'La auditoría no se modifica ni se borra: solo se agregan entradas.' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auditoria_inmutable BEFORE UPDATE OR DELETE ON "auditoria" FOR EACH STATEMENT EXECUTE FUNCTION auditoria_inmutable();
--> statement-breakpoint
-- The owner's Auditoría screen filters by person and by action.
CREATE INDEX "auditoria_operador_idx" ON "auditoria" USING btree ("operador");
--> statement-breakpoint
CREATE INDEX "auditoria_accion_idx" ON "auditoria" USING btree ("accion");
