-- The shop's staff (issue 36): people who sign in to the back office with a password and a second
-- factor (TOTP, a passkey, or a one-use recovery code), their invitations, server-side sessions, named
-- API keys for the command line and scripts, and the pending steps of a sign-in or an enrolment. Every
-- secret a browser or a script holds (invitation token, session cookie, API key, recovery code,
-- challenge) is stored only as its SHA-256; the TOTP secret is stored as it
-- is (the server must compute the codes).
CREATE TABLE "personas" (
	"id" serial PRIMARY KEY NOT NULL,
	"correo" text NOT NULL,
	"nombre" text NOT NULL,
	"rol" text NOT NULL,
	"contrasena" text NOT NULL,
	"totp_secreto" text NOT NULL,
	"totp_ultimo_paso" bigint,
	"activa" boolean DEFAULT true NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_ingreso" timestamp with time zone,
	"fallos" integer DEFAULT 0 NOT NULL,
	"ultimo_fallo" timestamp with time zone,
	CONSTRAINT "personas_rol_check" CHECK ("personas"."rol" IN ('dueno', 'personal')),
	CONSTRAINT "personas_correo_minusculas_check" CHECK ("personas"."correo" = lower("personas"."correo"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "personas_correo_idx" ON "personas" USING btree ("correo");--> statement-breakpoint
CREATE TABLE "invitaciones_personal" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"correo" text NOT NULL,
	"rol" text NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"usada" timestamp with time zone,
	"revocada" timestamp with time zone,
	"invitada_por" text NOT NULL,
	CONSTRAINT "invitaciones_personal_rol_check" CHECK ("invitaciones_personal"."rol" IN ('dueno', 'personal'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invitaciones_personal_token_idx" ON "invitaciones_personal" USING btree ("token_hash");--> statement-breakpoint
CREATE TABLE "sesiones_personal" (
	"id" text PRIMARY KEY NOT NULL,
	"persona_id" integer NOT NULL,
	"creada" timestamp with time zone NOT NULL,
	"ultimo_uso" timestamp with time zone NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"expira_maximo" timestamp with time zone NOT NULL,
	"reautenticada_hasta" timestamp with time zone,
	"cerrada" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sesiones_personal" ADD CONSTRAINT "sesiones_personal_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sesiones_personal_persona_idx" ON "sesiones_personal" USING btree ("persona_id");--> statement-breakpoint
CREATE TABLE "codigos_recuperacion_personal" (
	"id" serial PRIMARY KEY NOT NULL,
	"persona_id" integer NOT NULL,
	"codigo_hash" text NOT NULL,
	"usado" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "codigos_recuperacion_personal" ADD CONSTRAINT "codigos_recuperacion_personal_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "codigos_recuperacion_personal_persona_idx" ON "codigos_recuperacion_personal" USING btree ("persona_id");--> statement-breakpoint
CREATE TABLE "desafios_personal" (
	"id" text PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"persona_id" integer,
	"invitacion_id" integer,
	"datos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"creado" timestamp with time zone NOT NULL,
	"expira" timestamp with time zone NOT NULL,
	"usado" timestamp with time zone,
	"intentos" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "desafios_personal_tipo_check" CHECK ("desafios_personal"."tipo" IN ('ingreso', 'inscripcion', 'passkey-registro'))
);
--> statement-breakpoint
ALTER TABLE "desafios_personal" ADD CONSTRAINT "desafios_personal_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desafios_personal" ADD CONSTRAINT "desafios_personal_invitacion_id_invitaciones_personal_id_fk" FOREIGN KEY ("invitacion_id") REFERENCES "public"."invitaciones_personal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "claves_api" (
	"id" serial PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"prefijo" text NOT NULL,
	"nombre" text NOT NULL,
	"rol" text NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"creada_por" text NOT NULL,
	"ultimo_uso" timestamp with time zone,
	"revocada" timestamp with time zone,
	CONSTRAINT "claves_api_rol_check" CHECK ("claves_api"."rol" IN ('dueno', 'personal'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "claves_api_hash_idx" ON "claves_api" USING btree ("hash");--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"persona_id" integer NOT NULL,
	"credencial" text NOT NULL,
	"clave_publica" text NOT NULL,
	"contador" bigint DEFAULT 0 NOT NULL,
	"transportes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"creada" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_uso" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credencial_idx" ON "passkeys" USING btree ("credencial");
