CREATE TABLE "bsa_station" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_station_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"customer_mcid" uuid NOT NULL,
	"ou_id" integer NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"rated_power_kw" double precision NOT NULL,
	"capacity_kwh" double precision NOT NULL,
	"strategy_version" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bsa_station_code_uq" UNIQUE("tenant_id","code"),
	CONSTRAINT "bsa_station_version_ck" CHECK ("bsa_station"."strategy_version" between 1 and 6),
	CONSTRAINT "bsa_station_status_ck" CHECK ("bsa_station"."status" in ('draft', 'configured', 'enabled', 'disabled', 'invalid'))
);
--> statement-breakpoint
CREATE TABLE "bsa_station_device" (
	"tenant_id" uuid NOT NULL,
	"station_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"role" text NOT NULL,
	"transformer_capacity_kva" double precision,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "bsa_station_device_station_id_device_id_pk" PRIMARY KEY("station_id","device_id"),
	CONSTRAINT "bsa_station_device_role_ck" CHECK ("bsa_station_device"."role" in ('pcs', 'meter-grid', 'meter-upper', 'fcs'))
);
--> statement-breakpoint
CREATE TABLE "bsa_tariff" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"demand_price_per_kw_month" numeric(12, 4),
	"effective_from" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bsa_tariff_band" (
	"station_id" integer NOT NULL,
	"tenant_id" uuid NOT NULL,
	"seq" smallint NOT NULL,
	"start_min" smallint NOT NULL,
	"end_min" smallint NOT NULL,
	"kind" text NOT NULL,
	"price" numeric(10, 4) NOT NULL,
	CONSTRAINT "bsa_tariff_band_station_id_seq_pk" PRIMARY KEY("station_id","seq"),
	CONSTRAINT "bsa_tariff_band_minutes_ck" CHECK ("bsa_tariff_band"."start_min" >= 0 and "bsa_tariff_band"."end_min" <= 1440 and "bsa_tariff_band"."start_min" < "bsa_tariff_band"."end_min"),
	CONSTRAINT "bsa_tariff_band_price_ck" CHECK ("bsa_tariff_band"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bsa_station" ADD CONSTRAINT "bsa_station_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_station" ADD CONSTRAINT "bsa_station_customer_mcid_customer_mcid_fk" FOREIGN KEY ("customer_mcid") REFERENCES "public"."customer"("mcid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_station" ADD CONSTRAINT "bsa_station_ou_id_ou_id_fk" FOREIGN KEY ("ou_id") REFERENCES "public"."ou"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_station_device" ADD CONSTRAINT "bsa_station_device_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_station_device" ADD CONSTRAINT "bsa_station_device_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_station_device" ADD CONSTRAINT "bsa_station_device_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_tariff" ADD CONSTRAINT "bsa_tariff_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_tariff" ADD CONSTRAINT "bsa_tariff_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_tariff_band" ADD CONSTRAINT "bsa_tariff_band_station_id_bsa_tariff_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_tariff"("station_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_tariff_band" ADD CONSTRAINT "bsa_tariff_band_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bsa_station_ou_idx" ON "bsa_station" USING btree ("ou_id");--> statement-breakpoint
CREATE INDEX "bsa_station_device_device_idx" ON "bsa_station_device" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bsa_station_device_owned_uq" ON "bsa_station_device" USING btree ("device_id") WHERE role in ('pcs', 'fcs');--> statement-breakpoint
CREATE UNIQUE INDEX "bsa_station_device_one_fcs_uq" ON "bsa_station_device" USING btree ("station_id") WHERE role = 'fcs';