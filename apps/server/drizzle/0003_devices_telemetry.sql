CREATE TABLE "data_property" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_property_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"device_type_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "data_property_key_uq" UNIQUE("device_type_id","key")
);
--> statement-breakpoint
CREATE TABLE "device" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"device_type_id" integer NOT NULL,
	"customer_mcid" uuid NOT NULL,
	"ou_id" integer NOT NULL,
	"gateway_id" integer,
	"lng" double precision,
	"lat" double precision,
	"address" text,
	"rated_power_kw" double precision,
	"mqtt_username" text,
	"mqtt_password_hash" text,
	"credentials_issued_at" timestamp with time zone,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_mqtt_username_uq" UNIQUE("mqtt_username"),
	CONSTRAINT "device_code_uq" UNIQUE("tenant_id","code")
);
--> statement-breakpoint
CREATE TABLE "device_category" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_category_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "device_category_key_uq" UNIQUE("tenant_id","key")
);
--> statement-breakpoint
CREATE TABLE "device_ingest_stat" (
	"tenant_id" uuid NOT NULL,
	"device_id" integer NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_detail" text,
	CONSTRAINT "device_ingest_stat_device_id_reason_pk" PRIMARY KEY("device_id","reason")
);
--> statement-breakpoint
CREATE TABLE "device_type" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "device_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"category_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"is_gateway" boolean DEFAULT false NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "device_type_key_uq" UNIQUE("tenant_id","key")
);
--> statement-breakpoint
CREATE TABLE "telemetry_15m" (
	"device_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last" double precision NOT NULL,
	"increase" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_15m_device_id_property_id_bucket_pk" PRIMARY KEY("device_id","property_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "telemetry_1d" (
	"device_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last" double precision NOT NULL,
	"increase" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_1d_device_id_property_id_bucket_pk" PRIMARY KEY("device_id","property_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "telemetry_1h" (
	"device_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"sum" double precision NOT NULL,
	"min" double precision NOT NULL,
	"max" double precision NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last" double precision NOT NULL,
	"increase" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "telemetry_1h_device_id_property_id_bucket_pk" PRIMARY KEY("device_id","property_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "telemetry_raw" (
	"device_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "telemetry_raw_device_id_property_id_ts_pk" PRIMARY KEY("device_id","property_id","ts")
);
--> statement-breakpoint
ALTER TABLE "data_property" ADD CONSTRAINT "data_property_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_property" ADD CONSTRAINT "data_property_device_type_id_device_type_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_device_type_id_device_type_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_customer_mcid_customer_mcid_fk" FOREIGN KEY ("customer_mcid") REFERENCES "public"."customer"("mcid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_ou_id_ou_id_fk" FOREIGN KEY ("ou_id") REFERENCES "public"."ou"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_category" ADD CONSTRAINT "device_category_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_ingest_stat" ADD CONSTRAINT "device_ingest_stat_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_ingest_stat" ADD CONSTRAINT "device_ingest_stat_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type" ADD CONSTRAINT "device_type_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_type" ADD CONSTRAINT "device_type_category_id_device_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."device_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_ou_idx" ON "device" USING btree ("ou_id");--> statement-breakpoint
CREATE INDEX "device_gateway_idx" ON "device" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "telemetry_raw_ts_brin" ON "telemetry_raw" USING brin ("ts");