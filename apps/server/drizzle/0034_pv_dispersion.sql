CREATE TABLE "pv_dispersion_config" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_dispersion_config_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"irradiance_threshold" double precision NOT NULL,
	"dead_ratio_percent" double precision NOT NULL,
	"weak_ratio_percent" double precision NOT NULL,
	"grouping" text NOT NULL,
	"window_hours" smallint NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "pv_dispersion_config_station_uq" UNIQUE("station_id")
);
--> statement-breakpoint
ALTER TABLE "pv_dispersion_config" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pv_dispersion_exclusion" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_dispersion_exclusion_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"kind" text NOT NULL,
	"inverter_id" integer,
	"string_id" integer,
	"reason" text NOT NULL,
	"by_name" text NOT NULL,
	CONSTRAINT "pv_dispersion_exclusion_target_ck" CHECK (("pv_dispersion_exclusion"."kind" = 'inverter' and "pv_dispersion_exclusion"."inverter_id" is not null and "pv_dispersion_exclusion"."string_id" is null) or ("pv_dispersion_exclusion"."kind" = 'string' and "pv_dispersion_exclusion"."string_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "pv_dispersion_exclusion" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pv_dispersion_threshold" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_dispersion_threshold_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"classes" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "pv_dispersion_threshold_station_uq" UNIQUE("station_id")
);
--> statement-breakpoint
ALTER TABLE "pv_dispersion_threshold" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pv_dispersion_config" ADD CONSTRAINT "pv_dispersion_config_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_dispersion_config" ADD CONSTRAINT "pv_dispersion_config_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_dispersion_exclusion" ADD CONSTRAINT "pv_dispersion_exclusion_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_dispersion_exclusion" ADD CONSTRAINT "pv_dispersion_exclusion_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_dispersion_exclusion" ADD CONSTRAINT "pv_dispersion_exclusion_inverter_id_pv_inverter_id_fk" FOREIGN KEY ("inverter_id") REFERENCES "public"."pv_inverter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_dispersion_exclusion" ADD CONSTRAINT "pv_dispersion_exclusion_string_id_pv_string_id_fk" FOREIGN KEY ("string_id") REFERENCES "public"."pv_string"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_dispersion_threshold" ADD CONSTRAINT "pv_dispersion_threshold_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_dispersion_threshold" ADD CONSTRAINT "pv_dispersion_threshold_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pv_dispersion_exclusion_station_idx" ON "pv_dispersion_exclusion" USING btree ("station_id");--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_dispersion_config" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_dispersion_config" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_dispersion_exclusion" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_dispersion_exclusion" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_dispersion_threshold" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_dispersion_threshold" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());