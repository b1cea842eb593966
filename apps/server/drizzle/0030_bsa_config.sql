CREATE TABLE "bsa_config_publish" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_config_publish_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"config_version_id" integer NOT NULL,
	"version" integer NOT NULL,
	"fcs_device_id" integer,
	"fcs_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"requested_by" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "bsa_config_publish_status_ck" CHECK ("bsa_config_publish"."status" in ('pending', 'acknowledged', 'refused', 'timeout'))
);
--> statement-breakpoint
ALTER TABLE "bsa_config_publish" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_config_version" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_config_version_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"version" integer NOT NULL,
	"checksum" text NOT NULL,
	"units" integer NOT NULL,
	"points" integer NOT NULL,
	"units_without_points" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "bsa_config_version_uq" UNIQUE("station_id","version")
);
--> statement-breakpoint
ALTER TABLE "bsa_config_version" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bsa_pack" ADD COLUMN "latest" jsonb;--> statement-breakpoint
ALTER TABLE "bsa_pack" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bsa_rack" ADD COLUMN "latest" jsonb;--> statement-breakpoint
ALTER TABLE "bsa_rack" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bsa_config_publish" ADD CONSTRAINT "bsa_config_publish_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_config_publish" ADD CONSTRAINT "bsa_config_publish_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_config_publish" ADD CONSTRAINT "bsa_config_publish_config_version_id_bsa_config_version_id_fk" FOREIGN KEY ("config_version_id") REFERENCES "public"."bsa_config_version"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_config_publish" ADD CONSTRAINT "bsa_config_publish_fcs_device_id_device_id_fk" FOREIGN KEY ("fcs_device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_config_version" ADD CONSTRAINT "bsa_config_version_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_config_version" ADD CONSTRAINT "bsa_config_version_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bsa_config_publish_station_idx" ON "bsa_config_publish" USING btree ("station_id","id");--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_config_publish" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_config_publish" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_config_version" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_config_version" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());