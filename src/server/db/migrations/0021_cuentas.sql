-- A person's own account and the owner's reset (issue 36, accounts): a passkey's name as its owner reads
-- it, and the account a reset invitation re-enrols (null for an invitation that creates a new person).
ALTER TABLE "passkeys" ADD COLUMN "nombre" text;--> statement-breakpoint
ALTER TABLE "invitaciones_personal" ADD COLUMN "persona_id" integer;--> statement-breakpoint
ALTER TABLE "invitaciones_personal" ADD CONSTRAINT "invitaciones_personal_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;
