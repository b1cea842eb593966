CREATE TABLE "bsa_edge_config" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"report_interval_s" smallint NOT NULL,
	"bms_protocol" text NOT NULL,
	"bms_host" text,
	"bms_port" integer,
	"serial_port" text,
	"baud_rate" integer,
	"slave_id" smallint,
	"can_bitrate" integer,
	"rack_template_id" integer,
	"pack_template_id" integer,
	"cell_template_id" integer,
	"updated_by" text NOT NULL,
	CONSTRAINT "bsa_edge_config_protocol_ck" CHECK ("bsa_edge_config"."bms_protocol" in ('modbus-tcp', 'modbus-rtu', 'can')),
	CONSTRAINT "bsa_edge_config_interval_ck" CHECK ("bsa_edge_config"."report_interval_s" between 1 and 3600)
);
--> statement-breakpoint
ALTER TABLE "bsa_edge_config" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_point_setup" (
	"station_id" integer NOT NULL,
	"level" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"units" integer NOT NULL,
	"points" integer NOT NULL,
	"completed_by" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bsa_point_setup_station_id_level_pk" PRIMARY KEY("station_id","level"),
	CONSTRAINT "bsa_point_setup_level_ck" CHECK ("bsa_point_setup"."level" in ('rack', 'pack', 'cell'))
);
--> statement-breakpoint
ALTER TABLE "bsa_point_setup" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_special_unit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_special_unit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"level" text NOT NULL,
	"unit_id" integer NOT NULL,
	"unit_code" text NOT NULL,
	"template_id" integer,
	"original_template_id" integer,
	"note" text NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "bsa_special_unit_uq" UNIQUE("level","unit_id"),
	CONSTRAINT "bsa_special_unit_level_ck" CHECK ("bsa_special_unit"."level" in ('rack', 'pack', 'cell'))
);
--> statement-breakpoint
ALTER TABLE "bsa_special_unit" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bsa_edge_config" ADD CONSTRAINT "bsa_edge_config_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_edge_config" ADD CONSTRAINT "bsa_edge_config_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_edge_config" ADD CONSTRAINT "bsa_edge_config_rack_template_id_bsa_device_template_id_fk" FOREIGN KEY ("rack_template_id") REFERENCES "public"."bsa_device_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_edge_config" ADD CONSTRAINT "bsa_edge_config_pack_template_id_bsa_device_template_id_fk" FOREIGN KEY ("pack_template_id") REFERENCES "public"."bsa_device_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_edge_config" ADD CONSTRAINT "bsa_edge_config_cell_template_id_bsa_device_template_id_fk" FOREIGN KEY ("cell_template_id") REFERENCES "public"."bsa_device_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_point_setup" ADD CONSTRAINT "bsa_point_setup_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_point_setup" ADD CONSTRAINT "bsa_point_setup_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_special_unit" ADD CONSTRAINT "bsa_special_unit_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_special_unit" ADD CONSTRAINT "bsa_special_unit_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_special_unit" ADD CONSTRAINT "bsa_special_unit_template_id_bsa_device_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bsa_device_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_special_unit" ADD CONSTRAINT "bsa_special_unit_original_template_id_bsa_device_template_id_fk" FOREIGN KEY ("original_template_id") REFERENCES "public"."bsa_device_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bsa_special_unit_station_idx" ON "bsa_special_unit" USING btree ("station_id");--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_edge_config" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_edge_config" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_point_setup" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_point_setup" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_special_unit" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_special_unit" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());