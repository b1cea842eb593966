CREATE TABLE "charging_cost" (
	"station_id" integer NOT NULL,
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"effective_from" date NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"bands" jsonb NOT NULL,
	"service_fee" bigint NOT NULL,
	CONSTRAINT "charging_cost_station_id_effective_from_pk" PRIMARY KEY("station_id","effective_from"),
	CONSTRAINT "charging_cost_fee_ck" CHECK ("charging_cost"."service_fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "charging_cost" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "charging_gun" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_gun_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pile_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"type" text NOT NULL,
	"rated_power_kw" double precision NOT NULL,
	"status" text DEFAULT 'Unavailable' NOT NULL,
	"error_code" text,
	"status_at" timestamp with time zone,
	CONSTRAINT "charging_gun_number_uq" UNIQUE("pile_id","number"),
	CONSTRAINT "charging_gun_number_ck" CHECK ("charging_gun"."number" between 1 and 8),
	CONSTRAINT "charging_gun_power_ck" CHECK ("charging_gun"."rated_power_kw" > 0)
);
--> statement-breakpoint
ALTER TABLE "charging_gun" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "charging_meter_value" (
	"session_id" integer NOT NULL,
	"tenant_id" uuid NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"wh" bigint NOT NULL,
	CONSTRAINT "charging_meter_value_session_id_ts_pk" PRIMARY KEY("session_id","ts")
);
--> statement-breakpoint
ALTER TABLE "charging_meter_value" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "charging_pile" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_pile_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"station_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"vendor" text NOT NULL,
	"model" text NOT NULL,
	"serial_number" text,
	"rated_power_kw" double precision NOT NULL,
	"current_type" text NOT NULL,
	"ocpp_identity" text NOT NULL,
	"password_hash" text,
	"credentials_issued_at" timestamp with time zone,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"firmware_version" text,
	"status" text DEFAULT 'Unavailable' NOT NULL,
	"status_at" timestamp with time zone,
	CONSTRAINT "charging_pile_code_uq" UNIQUE("tenant_id","code"),
	CONSTRAINT "charging_pile_current_ck" CHECK ("charging_pile"."current_type" in ('AC', 'DC')),
	CONSTRAINT "charging_pile_power_ck" CHECK ("charging_pile"."rated_power_kw" > 0)
);
--> statement-breakpoint
ALTER TABLE "charging_pile" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "charging_session" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_session_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"station_id" integer NOT NULL,
	"pile_id" integer NOT NULL,
	"connector_id" smallint NOT NULL,
	"id_tag" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"meter_start_wh" bigint NOT NULL,
	"meter_stop_wh" bigint,
	"last_meter_wh" bigint NOT NULL,
	"stop_reason" text,
	"currency" text,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"energy_fee" bigint,
	"service_fee" bigint,
	"cost_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charging_session" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "charging_station" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charging_station_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"customer_mcid" uuid NOT NULL,
	"ou_id" integer NOT NULL,
	"address" text,
	"status" text DEFAULT 'enabled' NOT NULL,
	CONSTRAINT "charging_station_code_uq" UNIQUE("tenant_id","code"),
	CONSTRAINT "charging_station_status_ck" CHECK ("charging_station"."status" in ('enabled', 'disabled'))
);
--> statement-breakpoint
ALTER TABLE "charging_station" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "charging_cost" ADD CONSTRAINT "charging_cost_station_id_charging_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."charging_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_cost" ADD CONSTRAINT "charging_cost_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_gun" ADD CONSTRAINT "charging_gun_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_gun" ADD CONSTRAINT "charging_gun_pile_id_charging_pile_id_fk" FOREIGN KEY ("pile_id") REFERENCES "public"."charging_pile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_meter_value" ADD CONSTRAINT "charging_meter_value_session_id_charging_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."charging_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_meter_value" ADD CONSTRAINT "charging_meter_value_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_pile" ADD CONSTRAINT "charging_pile_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_pile" ADD CONSTRAINT "charging_pile_station_id_charging_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."charging_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_session" ADD CONSTRAINT "charging_session_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_session" ADD CONSTRAINT "charging_session_station_id_charging_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."charging_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_session" ADD CONSTRAINT "charging_session_pile_id_charging_pile_id_fk" FOREIGN KEY ("pile_id") REFERENCES "public"."charging_pile"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_station" ADD CONSTRAINT "charging_station_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_station" ADD CONSTRAINT "charging_station_customer_mcid_customer_mcid_fk" FOREIGN KEY ("customer_mcid") REFERENCES "public"."customer"("mcid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_station" ADD CONSTRAINT "charging_station_ou_id_ou_id_fk" FOREIGN KEY ("ou_id") REFERENCES "public"."ou"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charging_pile_identity_uq" ON "charging_pile" USING btree ("ocpp_identity");--> statement-breakpoint
CREATE INDEX "charging_pile_station_idx" ON "charging_pile" USING btree ("station_id");--> statement-breakpoint
CREATE INDEX "charging_session_started_idx" ON "charging_session" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "charging_session_pile_idx" ON "charging_session" USING btree ("pile_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "charging_session_open_uq" ON "charging_session" USING btree ("pile_id","connector_id") WHERE stopped_at is null;--> statement-breakpoint
CREATE INDEX "charging_station_ou_idx" ON "charging_station" USING btree ("ou_id");--> statement-breakpoint
CREATE POLICY "tenant_read" ON "charging_cost" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "charging_cost" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "charging_gun" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "charging_gun" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "charging_meter_value" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "charging_meter_value" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "charging_pile" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "charging_pile" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "charging_session" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "charging_session" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_read" ON "charging_station" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "charging_station" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());