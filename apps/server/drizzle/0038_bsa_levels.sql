CREATE TABLE "bsa_point_display" (
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"level" text NOT NULL,
	"keys" jsonb NOT NULL,
	"updated_by_name" text NOT NULL,
	CONSTRAINT "bsa_point_display_station_id_level_pk" PRIMARY KEY("station_id","level"),
	CONSTRAINT "bsa_point_display_level_ck" CHECK ("bsa_point_display"."level" in ('rack', 'pack', 'cell'))
);
--> statement-breakpoint
ALTER TABLE "bsa_point_display" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bsa_station" ADD COLUMN "master_station_id" integer;--> statement-breakpoint
ALTER TABLE "bsa_point_display" ADD CONSTRAINT "bsa_point_display_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_point_display" ADD CONSTRAINT "bsa_point_display_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_station" ADD CONSTRAINT "bsa_station_master_station_id_bsa_station_id_fk" FOREIGN KEY ("master_station_id") REFERENCES "public"."bsa_station"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bsa_station_master_idx" ON "bsa_station" USING btree ("master_station_id");--> statement-breakpoint
ALTER TABLE "bsa_station" ADD CONSTRAINT "bsa_station_master_ck" CHECK ("bsa_station"."master_station_id" is null or "bsa_station"."master_station_id" <> "bsa_station"."id");--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_point_display" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_point_display" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());