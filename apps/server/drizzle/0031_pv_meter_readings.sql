CREATE TABLE "pv_meter_reading" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_meter_reading_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"station_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"role" text NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"day" date NOT NULL,
	"start_reading" double precision,
	"start_read_at" timestamp with time zone,
	"end_reading" double precision,
	"end_read_at" timestamp with time zone,
	"energy_wh" bigint NOT NULL,
	"resets" integer NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pv_meter_reading_uq" UNIQUE("station_id","device_id","key","type","day"),
	CONSTRAINT "pv_meter_reading_type_ck" CHECK ("pv_meter_reading"."type" in ('day', 'month'))
);
--> statement-breakpoint
ALTER TABLE "pv_meter_reading" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pv_meter_reading" ADD CONSTRAINT "pv_meter_reading_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_meter_reading" ADD CONSTRAINT "pv_meter_reading_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_meter_reading" ADD CONSTRAINT "pv_meter_reading_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_meter_reading" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_meter_reading" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());