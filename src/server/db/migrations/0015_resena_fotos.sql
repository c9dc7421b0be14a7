-- Review photos (issue 34): re-encoded on upload (metadata stripped) to WebP copies at the sizes the
-- product page shows, kept apart from the public image store so that a pending or rejected review's
-- photo is served to nobody, and deleted with the review's rejection.
CREATE TABLE "resena_fotos" (
	"resena_id" integer PRIMARY KEY NOT NULL,
	"clave" text NOT NULL,
	"grande" "bytea" NOT NULL,
	"ancho" integer NOT NULL,
	"alto" integer NOT NULL,
	"miniatura" "bytea" NOT NULL,
	"miniatura_2x" "bytea" NOT NULL,
	CONSTRAINT "resena_fotos_clave_unique" UNIQUE("clave")
);
--> statement-breakpoint
ALTER TABLE "resena_fotos" ADD CONSTRAINT "resena_fotos_resena_id_resenas_id_fk" FOREIGN KEY ("resena_id") REFERENCES "public"."resenas"("id") ON DELETE cascade ON UPDATE no action;