CREATE TABLE "bsa_build_run" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_build_run_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"stack_id" integer NOT NULL,
	"job_id" uuid NOT NULL,
	"racks" smallint NOT NULL,
	"rack_template_id" integer NOT NULL,
	"pack_template_id" integer NOT NULL,
	"cell_template_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bsa_build_run" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_cell" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_cell_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"code" text NOT NULL,
	"template_id" integer,
	"voltage_v" double precision,
	"temperature_c" double precision,
	"soc_pct" double precision,
	"reported_at" timestamp with time zone,
	CONSTRAINT "bsa_cell_seq_uq" UNIQUE("pack_id","seq")
);
--> statement-breakpoint
ALTER TABLE "bsa_cell" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_device_template" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_device_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"name" text NOT NULL,
	"child_count" smallint,
	"nominal_voltage_v" double precision NOT NULL,
	"capacity_ah" double precision NOT NULL,
	"point_version_id" integer NOT NULL,
	CONSTRAINT "bsa_device_template_name_uq" UNIQUE("tenant_id","level","name"),
	CONSTRAINT "bsa_device_template_level_ck" CHECK ("bsa_device_template"."level" in ('rack', 'pack', 'cell')),
	CONSTRAINT "bsa_device_template_child_ck" CHECK (("bsa_device_template"."level" = 'cell') = ("bsa_device_template"."child_count" is null))
);
--> statement-breakpoint
ALTER TABLE "bsa_device_template" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_pack" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_pack_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"rack_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"code" text NOT NULL,
	"template_id" integer,
	CONSTRAINT "bsa_pack_seq_uq" UNIQUE("rack_id","seq")
);
--> statement-breakpoint
ALTER TABLE "bsa_pack" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_pcs_meter" (
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"pcs_device_id" integer PRIMARY KEY NOT NULL,
	"meter_device_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bsa_pcs_meter" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_point_template" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_point_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"level" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "bsa_point_template_name_uq" UNIQUE("tenant_id","level","name"),
	CONSTRAINT "bsa_point_template_level_ck" CHECK ("bsa_point_template"."level" in ('rack', 'pack', 'cell'))
);
--> statement-breakpoint
ALTER TABLE "bsa_point_template" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_point_template_version" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_point_template_version_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"template_id" integer NOT NULL,
	"version" smallint NOT NULL,
	"note" text,
	"points" jsonb NOT NULL,
	CONSTRAINT "bsa_point_template_version_uq" UNIQUE("template_id","version")
);
--> statement-breakpoint
ALTER TABLE "bsa_point_template_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_rack" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_rack_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"stack_id" integer NOT NULL,
	"seq" smallint NOT NULL,
	"code" text NOT NULL,
	"template_id" integer,
	CONSTRAINT "bsa_rack_seq_uq" UNIQUE("stack_id","seq")
);
--> statement-breakpoint
ALTER TABLE "bsa_rack" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_stack" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_stack_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"pcs_device_id" integer,
	CONSTRAINT "bsa_stack_code_uq" UNIQUE("station_id","code")
);
--> statement-breakpoint
ALTER TABLE "bsa_stack" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_station_draft" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"step" text NOT NULL,
	"form" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bsa_station_draft" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bsa_build_run" ADD CONSTRAINT "bsa_build_run_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_build_run" ADD CONSTRAINT "bsa_build_run_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_build_run" ADD CONSTRAINT "bsa_build_run_stack_id_bsa_stack_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."bsa_stack"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_cell" ADD CONSTRAINT "bsa_cell_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_cell" ADD CONSTRAINT "bsa_cell_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_cell" ADD CONSTRAINT "bsa_cell_pack_id_bsa_pack_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."bsa_pack"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_cell" ADD CONSTRAINT "bsa_cell_template_id_bsa_device_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bsa_device_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_device_template" ADD CONSTRAINT "bsa_device_template_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_device_template" ADD CONSTRAINT "bsa_device_template_point_version_id_bsa_point_template_version_id_fk" FOREIGN KEY ("point_version_id") REFERENCES "public"."bsa_point_template_version"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_pack" ADD CONSTRAINT "bsa_pack_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_pack" ADD CONSTRAINT "bsa_pack_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_pack" ADD CONSTRAINT "bsa_pack_rack_id_bsa_rack_id_fk" FOREIGN KEY ("rack_id") REFERENCES "public"."bsa_rack"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_pack" ADD CONSTRAINT "bsa_pack_template_id_bsa_device_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bsa_device_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_pcs_meter" ADD CONSTRAINT "bsa_pcs_meter_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_pcs_meter" ADD CONSTRAINT "bsa_pcs_meter_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_pcs_meter" ADD CONSTRAINT "bsa_pcs_meter_pcs_device_id_device_id_fk" FOREIGN KEY ("pcs_device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_pcs_meter" ADD CONSTRAINT "bsa_pcs_meter_meter_device_id_device_id_fk" FOREIGN KEY ("meter_device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_point_template" ADD CONSTRAINT "bsa_point_template_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_point_template_version" ADD CONSTRAINT "bsa_point_template_version_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_point_template_version" ADD CONSTRAINT "bsa_point_template_version_template_id_bsa_point_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bsa_point_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_rack" ADD CONSTRAINT "bsa_rack_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_rack" ADD CONSTRAINT "bsa_rack_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_rack" ADD CONSTRAINT "bsa_rack_stack_id_bsa_stack_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."bsa_stack"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_rack" ADD CONSTRAINT "bsa_rack_template_id_bsa_device_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bsa_device_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_stack" ADD CONSTRAINT "bsa_stack_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_stack" ADD CONSTRAINT "bsa_stack_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_stack" ADD CONSTRAINT "bsa_stack_pcs_device_id_device_id_fk" FOREIGN KEY ("pcs_device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_station_draft" ADD CONSTRAINT "bsa_station_draft_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_station_draft" ADD CONSTRAINT "bsa_station_draft_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bsa_build_run_station_idx" ON "bsa_build_run" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "bsa_cell_station_idx" ON "bsa_cell" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "bsa_pack_station_idx" ON "bsa_pack" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "bsa_pcs_meter_station_idx" ON "bsa_pcs_meter" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "bsa_rack_station_idx" ON "bsa_rack" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "bsa_stack_pcs_idx" ON "bsa_stack" USING btree ("pcs_device_id");--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_build_run" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_build_run" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_cell" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_cell" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_device_template" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_device_template" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_pack" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_pack" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_pcs_meter" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_pcs_meter" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_point_template" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_point_template" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_point_template_version" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_point_template_version" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_rack" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_rack" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_stack" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_stack" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_station_draft" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_station_draft" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());