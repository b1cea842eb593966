CREATE TABLE "pv_area" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_area_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"name" text NOT NULL,
	"capacity_kwp" double precision,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "pv_area_name_uq" UNIQUE("station_id","name")
);
--> statement-breakpoint
ALTER TABLE "pv_area" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pv_cost_info" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"investment" numeric(16, 2) NOT NULL,
	"yearly_om_cost" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pv_cost_info" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pv_grid_point" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_grid_point_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"name" text NOT NULL,
	"voltage_kv" double precision,
	"generation_meter_id" integer,
	"on_grid_meter_id" integer,
	"offtake_meter_id" integer
);
--> statement-breakpoint
ALTER TABLE "pv_grid_point" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pv_income_way" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_income_way_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"station_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"currency" text NOT NULL,
	"self_consumption_pricing" text NOT NULL,
	"self_consumption_price" numeric(10, 4),
	"discount_percent" numeric(5, 2) NOT NULL,
	"feed_in_price" numeric(10, 4) NOT NULL,
	"subsidy_per_kwh" numeric(10, 4) NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text NOT NULL,
	CONSTRAINT "pv_income_way_day_uq" UNIQUE("station_id","effective_from")
);
--> statement-breakpoint
ALTER TABLE "pv_income_way" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pv_inverter" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_inverter_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"area_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"model" text,
	"rated_ac_kw" double precision NOT NULL,
	"mppt_count" smallint NOT NULL,
	"device_id" integer,
	CONSTRAINT "pv_inverter_code_uq" UNIQUE("station_id","code")
);
--> statement-breakpoint
ALTER TABLE "pv_inverter" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pv_module" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_module_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"area_id" integer,
	"code" text NOT NULL,
	"model" text NOT NULL,
	"rated_wp" double precision NOT NULL,
	"count" integer NOT NULL,
	"device_id" integer,
	CONSTRAINT "pv_module_code_uq" UNIQUE("station_id","code")
);
--> statement-breakpoint
ALTER TABLE "pv_module" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pv_online_way" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_online_way_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"station_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"way" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text NOT NULL,
	CONSTRAINT "pv_online_way_day_uq" UNIQUE("station_id","effective_from")
);
--> statement-breakpoint
ALTER TABLE "pv_online_way" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pv_station" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_station_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"customer_mcid" uuid NOT NULL,
	"ou_id" integer NOT NULL,
	"address" text,
	"district_adcode" text,
	"lng" double precision,
	"lat" double precision,
	"capacity_kwp" double precision NOT NULL,
	"grid_connection_date" date,
	"time_zone" text,
	"stage" text DEFAULT 'planning' NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"weather_station_id" integer,
	CONSTRAINT "pv_station_code_uq" UNIQUE("tenant_id","code"),
	CONSTRAINT "pv_station_stage_ck" CHECK ("pv_station"."stage" in ('planning', 'construction', 'grid-connected', 'decommissioned')),
	CONSTRAINT "pv_station_status_ck" CHECK ("pv_station"."status" in ('enabled', 'disabled')),
	CONSTRAINT "pv_station_capacity_ck" CHECK ("pv_station"."capacity_kwp" > 0)
);
--> statement-breakpoint
ALTER TABLE "pv_station" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pv_station_stage" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_station_stage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"station_id" integer NOT NULL,
	"stage" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pv_station_stage" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "pv_string" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_string_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"inverter_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"mppt_input" smallint NOT NULL,
	"module_model" text,
	"module_count" integer NOT NULL,
	"capacity_kwp" double precision NOT NULL,
	"device_id" integer,
	CONSTRAINT "pv_string_code_uq" UNIQUE("station_id","code")
);
--> statement-breakpoint
ALTER TABLE "pv_string" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pv_area" ADD CONSTRAINT "pv_area_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_area" ADD CONSTRAINT "pv_area_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_cost_info" ADD CONSTRAINT "pv_cost_info_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_cost_info" ADD CONSTRAINT "pv_cost_info_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_grid_point" ADD CONSTRAINT "pv_grid_point_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_grid_point" ADD CONSTRAINT "pv_grid_point_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_grid_point" ADD CONSTRAINT "pv_grid_point_generation_meter_id_device_id_fk" FOREIGN KEY ("generation_meter_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_grid_point" ADD CONSTRAINT "pv_grid_point_on_grid_meter_id_device_id_fk" FOREIGN KEY ("on_grid_meter_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_grid_point" ADD CONSTRAINT "pv_grid_point_offtake_meter_id_device_id_fk" FOREIGN KEY ("offtake_meter_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_income_way" ADD CONSTRAINT "pv_income_way_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_income_way" ADD CONSTRAINT "pv_income_way_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_inverter" ADD CONSTRAINT "pv_inverter_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_inverter" ADD CONSTRAINT "pv_inverter_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_inverter" ADD CONSTRAINT "pv_inverter_area_id_pv_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."pv_area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_inverter" ADD CONSTRAINT "pv_inverter_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_module" ADD CONSTRAINT "pv_module_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_module" ADD CONSTRAINT "pv_module_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_module" ADD CONSTRAINT "pv_module_area_id_pv_area_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."pv_area"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_module" ADD CONSTRAINT "pv_module_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_online_way" ADD CONSTRAINT "pv_online_way_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_online_way" ADD CONSTRAINT "pv_online_way_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_station" ADD CONSTRAINT "pv_station_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_station" ADD CONSTRAINT "pv_station_customer_mcid_customer_mcid_fk" FOREIGN KEY ("customer_mcid") REFERENCES "public"."customer"("mcid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_station" ADD CONSTRAINT "pv_station_ou_id_ou_id_fk" FOREIGN KEY ("ou_id") REFERENCES "public"."ou"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_station" ADD CONSTRAINT "pv_station_weather_station_id_device_id_fk" FOREIGN KEY ("weather_station_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_station_stage" ADD CONSTRAINT "pv_station_stage_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_station_stage" ADD CONSTRAINT "pv_station_stage_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_string" ADD CONSTRAINT "pv_string_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_string" ADD CONSTRAINT "pv_string_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_string" ADD CONSTRAINT "pv_string_inverter_id_pv_inverter_id_fk" FOREIGN KEY ("inverter_id") REFERENCES "public"."pv_inverter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_string" ADD CONSTRAINT "pv_string_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pv_grid_point_station_idx" ON "pv_grid_point" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "pv_inverter_area_idx" ON "pv_inverter" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "pv_inverter_device_idx" ON "pv_inverter" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "pv_module_area_idx" ON "pv_module" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "pv_module_device_idx" ON "pv_module" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "pv_station_ou_idx" ON "pv_station" USING btree ("ou_id");--> statement-breakpoint
CREATE INDEX "pv_station_stage_station_idx" ON "pv_station_stage" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "pv_string_inverter_idx" ON "pv_string" USING btree ("inverter_id");--> statement-breakpoint
CREATE INDEX "pv_string_device_idx" ON "pv_string" USING btree ("device_id");--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_area" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_area" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_cost_info" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_cost_info" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_grid_point" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_grid_point" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_income_way" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_income_way" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_inverter" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_inverter" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_module" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_module" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_online_way" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_online_way" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_station" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_station" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_station_stage" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_station_stage" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_string" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_string" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());