CREATE TABLE "pv_performance_config" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gamma_pct_per_k" double precision NOT NULL,
	"reference_temp_c" double precision NOT NULL,
	"min_irradiance_wm2" double precision NOT NULL,
	"updated_by_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pv_performance_config" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pv_performance_config" ADD CONSTRAINT "pv_performance_config_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_performance_config" ADD CONSTRAINT "pv_performance_config_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_performance_config" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_performance_config" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());