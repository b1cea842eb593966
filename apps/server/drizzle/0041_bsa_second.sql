CREATE TABLE "bsa_cabinet" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_cabinet_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"rated_power_w" bigint NOT NULL,
	"capacity_wh" bigint NOT NULL,
	"note" text,
	CONSTRAINT "bsa_cabinet_code_uq" UNIQUE("tenant_id","code"),
	CONSTRAINT "bsa_cabinet_amounts_ck" CHECK ("bsa_cabinet"."rated_power_w" > 0 and "bsa_cabinet"."capacity_wh" > 0)
);
--> statement-breakpoint
ALTER TABLE "bsa_cabinet" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_cabinet_link" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_cabinet_link_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cabinet_id" integer NOT NULL,
	"kind" text NOT NULL,
	"device_id" integer,
	"stack_id" integer,
	CONSTRAINT "bsa_cabinet_link_target_ck" CHECK (("bsa_cabinet_link"."kind" = 'stack' and "bsa_cabinet_link"."stack_id" is not null and "bsa_cabinet_link"."device_id" is null) or ("bsa_cabinet_link"."kind" in ('pcs', 'meter', 'fcs') and "bsa_cabinet_link"."device_id" is not null and "bsa_cabinet_link"."stack_id" is null))
);
--> statement-breakpoint
ALTER TABLE "bsa_cabinet_link" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_fcs_version" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"software_version" text,
	"hardware_version" text,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bsa_fcs_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_firmware_distribution" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_firmware_distribution_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_key" text NOT NULL,
	"package_name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"software_version" text NOT NULL,
	"created_by_name" text
);
--> statement-breakpoint
ALTER TABLE "bsa_firmware_distribution" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_firmware_target" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_firmware_target_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"distribution_id" integer NOT NULL,
	"fcs_device_id" integer,
	"fcs_code" text NOT NULL,
	"station_code" text,
	"from_version" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bsa_firmware_target_state_ck" CHECK ("bsa_firmware_target"."state" in ('queued', 'initiated', 'downloading', 'downloaded', 'verified', 'updated', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "bsa_firmware_target" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_obs" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"manufacturer" text NOT NULL,
	"model" text NOT NULL,
	"serial_number" text,
	"chemistry" text NOT NULL,
	"cooling" text NOT NULL,
	"fire_suppression" text NOT NULL,
	"ip_rating" text NOT NULL,
	"commissioned_on" date,
	"design_cycles" integer,
	"updated_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bsa_obs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bsa_cabinet" ADD CONSTRAINT "bsa_cabinet_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_cabinet" ADD CONSTRAINT "bsa_cabinet_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_cabinet_link" ADD CONSTRAINT "bsa_cabinet_link_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_cabinet_link" ADD CONSTRAINT "bsa_cabinet_link_cabinet_id_bsa_cabinet_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."bsa_cabinet"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_cabinet_link" ADD CONSTRAINT "bsa_cabinet_link_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_cabinet_link" ADD CONSTRAINT "bsa_cabinet_link_stack_id_bsa_stack_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."bsa_stack"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_fcs_version" ADD CONSTRAINT "bsa_fcs_version_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_fcs_version" ADD CONSTRAINT "bsa_fcs_version_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_firmware_distribution" ADD CONSTRAINT "bsa_firmware_distribution_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_firmware_target" ADD CONSTRAINT "bsa_firmware_target_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_firmware_target" ADD CONSTRAINT "bsa_firmware_target_distribution_id_bsa_firmware_distribution_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."bsa_firmware_distribution"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_firmware_target" ADD CONSTRAINT "bsa_firmware_target_fcs_device_id_device_id_fk" FOREIGN KEY ("fcs_device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_obs" ADD CONSTRAINT "bsa_obs_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_obs" ADD CONSTRAINT "bsa_obs_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bsa_cabinet_station_idx" ON "bsa_cabinet" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bsa_cabinet_link_device_uq" ON "bsa_cabinet_link" USING btree ("device_id") WHERE "bsa_cabinet_link"."device_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bsa_cabinet_link_stack_uq" ON "bsa_cabinet_link" USING btree ("stack_id") WHERE "bsa_cabinet_link"."stack_id" is not null;--> statement-breakpoint
CREATE INDEX "bsa_cabinet_link_cabinet_idx" ON "bsa_cabinet_link" USING btree ("cabinet_id");--> statement-breakpoint
CREATE INDEX "bsa_firmware_distribution_created_idx" ON "bsa_firmware_distribution" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bsa_firmware_target_distribution_idx" ON "bsa_firmware_target" USING btree ("distribution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bsa_firmware_target_active_uq" ON "bsa_firmware_target" USING btree ("fcs_device_id") WHERE "bsa_firmware_target"."state" not in ('updated', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "bsa_firmware_target_token_uq" ON "bsa_firmware_target" USING btree ("token_hash");--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_cabinet" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_cabinet" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_cabinet_link" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_cabinet_link" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_fcs_version" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_fcs_version" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_firmware_distribution" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_firmware_distribution" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_firmware_target" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_firmware_target" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_obs" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_obs" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());