CREATE TABLE "circuit_stat_day" (
	"tenant_id" uuid NOT NULL,
	"circuit_id" integer NOT NULL,
	"source" text NOT NULL,
	"day" date NOT NULL,
	"fingerprint" text NOT NULL,
	"points" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circuit_stat_day_circuit_id_source_day_pk" PRIMARY KEY("circuit_id","source","day")
);
--> statement-breakpoint
ALTER TABLE "circuit_stat_day" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "circuit_stat_day" ADD CONSTRAINT "circuit_stat_day_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_stat_day" ADD CONSTRAINT "circuit_stat_day_circuit_id_circuit_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circuit_stat_day_tenant_idx" ON "circuit_stat_day" USING btree ("tenant_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "circuit_stat_day" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());