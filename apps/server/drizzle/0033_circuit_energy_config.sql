CREATE TABLE "circuit_energy_config_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "circuit_energy_config_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"circuit_id" integer NOT NULL,
	"effective_from" date,
	"staff_id" integer,
	"staff_code" text NOT NULL,
	"source" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "circuit_energy_config_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "circuit_energy_import" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"staff_code" text NOT NULL,
	"file_name" text NOT NULL,
	"rows" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "circuit_energy_import" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "circuit_rerun" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"circuit_ids" integer[] NOT NULL,
	"from_ts" timestamp with time zone NOT NULL,
	"to_ts" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "circuit_rerun" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "circuit_meter" DROP CONSTRAINT "circuit_meter_circuit_id_device_id_pk";--> statement-breakpoint
ALTER TABLE "circuit_meter" ADD COLUMN "id" integer PRIMARY KEY NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "circuit_meter_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "circuit_meter" ADD COLUMN "counter" text DEFAULT 'e_imp' NOT NULL;--> statement-breakpoint
ALTER TABLE "circuit_meter" ADD COLUMN "effective_from" date;--> statement-breakpoint
ALTER TABLE "circuit_meter" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "circuit_meter" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "circuit_energy_config_log" ADD CONSTRAINT "circuit_energy_config_log_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_energy_config_log" ADD CONSTRAINT "circuit_energy_config_log_circuit_id_circuit_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_energy_config_log" ADD CONSTRAINT "circuit_energy_config_log_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_energy_import" ADD CONSTRAINT "circuit_energy_import_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_energy_import" ADD CONSTRAINT "circuit_energy_import_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_energy_import" ADD CONSTRAINT "circuit_energy_import_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_rerun" ADD CONSTRAINT "circuit_rerun_job_id_job_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_rerun" ADD CONSTRAINT "circuit_rerun_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circuit_energy_config_log_circuit_idx" ON "circuit_energy_config_log" USING btree ("circuit_id","created_at");--> statement-breakpoint
CREATE INDEX "circuit_energy_import_tenant_idx" ON "circuit_energy_import" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "circuit_rerun_tenant_idx" ON "circuit_rerun" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "circuit_meter_circuit_idx" ON "circuit_meter" USING btree ("circuit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "circuit_meter_open_uq" ON "circuit_meter" USING btree ("circuit_id","device_id") WHERE "circuit_meter"."ends_at" is null;--> statement-breakpoint
ALTER TABLE "circuit_meter" ADD CONSTRAINT "circuit_meter_counter_ck" CHECK ("circuit_meter"."counter" in ('e_imp', 'e_exp'));--> statement-breakpoint
ALTER TABLE "circuit_meter" ADD CONSTRAINT "circuit_meter_period_ck" CHECK ("circuit_meter"."starts_at" is null or "circuit_meter"."ends_at" is null or "circuit_meter"."starts_at" < "circuit_meter"."ends_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "circuit_energy_config_log" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "circuit_energy_import" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "circuit_rerun" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());