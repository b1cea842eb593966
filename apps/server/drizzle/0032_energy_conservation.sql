CREATE TABLE "energy_saving_config" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "energy_saving_config_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ou_id" integer NOT NULL,
	"circuit_id" integer NOT NULL,
	CONSTRAINT "energy_saving_config_circuit_uq" UNIQUE("circuit_id")
);
--> statement-breakpoint
ALTER TABLE "energy_saving_config" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "energy_saving_driver" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "energy_saving_driver_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ou_id" integer NOT NULL,
	"circuit_id" integer NOT NULL,
	"month" text NOT NULL,
	"value" numeric(16, 3) NOT NULL,
	CONSTRAINT "energy_saving_driver_month_uq" UNIQUE("circuit_id","month"),
	CONSTRAINT "energy_saving_driver_value_ck" CHECK ("energy_saving_driver"."value" >= 0)
);
--> statement-breakpoint
ALTER TABLE "energy_saving_driver" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "energy_saving_version" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "energy_saving_version_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ou_id" integer NOT NULL,
	"config_id" integer NOT NULL,
	"circuit_id" integer NOT NULL,
	"action" text NOT NULL,
	"effective_from" text NOT NULL,
	"model" text NOT NULL,
	"baseline_from" text NOT NULL,
	"baseline_to" text NOT NULL,
	"driver_unit" text,
	"price_10k" integer NOT NULL,
	"remark" text,
	"changes" jsonb NOT NULL,
	"staff_id" integer,
	"staff_name" text,
	CONSTRAINT "energy_saving_version_action_ck" CHECK ("energy_saving_version"."action" in ('create', 'edit', 'delete')),
	CONSTRAINT "energy_saving_version_model_ck" CHECK ("energy_saving_version"."model" in ('same-period', 'production', 'degree-days')),
	CONSTRAINT "energy_saving_version_months_ck" CHECK ("energy_saving_version"."baseline_from" <= "energy_saving_version"."baseline_to" and "energy_saving_version"."effective_from" ~ '^[0-9]{4}-[0-9]{2}$'),
	CONSTRAINT "energy_saving_version_price_ck" CHECK ("energy_saving_version"."price_10k" >= 0)
);
--> statement-breakpoint
ALTER TABLE "energy_saving_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "energy_saving_config" ADD CONSTRAINT "energy_saving_config_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_saving_config" ADD CONSTRAINT "energy_saving_config_ou_id_ou_id_fk" FOREIGN KEY ("ou_id") REFERENCES "public"."ou"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_saving_config" ADD CONSTRAINT "energy_saving_config_circuit_id_circuit_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_saving_driver" ADD CONSTRAINT "energy_saving_driver_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_saving_driver" ADD CONSTRAINT "energy_saving_driver_ou_id_ou_id_fk" FOREIGN KEY ("ou_id") REFERENCES "public"."ou"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_saving_driver" ADD CONSTRAINT "energy_saving_driver_circuit_id_circuit_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_saving_version" ADD CONSTRAINT "energy_saving_version_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_saving_version" ADD CONSTRAINT "energy_saving_version_ou_id_ou_id_fk" FOREIGN KEY ("ou_id") REFERENCES "public"."ou"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "energy_saving_version" ADD CONSTRAINT "energy_saving_version_circuit_id_circuit_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "energy_saving_config_ou_idx" ON "energy_saving_config" USING btree ("ou_id");--> statement-breakpoint
CREATE INDEX "energy_saving_version_config_idx" ON "energy_saving_version" USING btree ("config_id");--> statement-breakpoint
CREATE INDEX "energy_saving_version_circuit_idx" ON "energy_saving_version" USING btree ("circuit_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "energy_saving_config" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "energy_saving_driver" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "energy_saving_version" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());