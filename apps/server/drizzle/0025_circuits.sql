CREATE TABLE "circuit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "circuit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ou_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"parent_id" integer,
	"cabinet_id" integer,
	"account_id" integer,
	"rated_current_a" double precision,
	CONSTRAINT "circuit_code_uq" UNIQUE("tenant_id","code"),
	CONSTRAINT "circuit_type_ck" CHECK ("circuit"."type" in ('incoming', 'busbar', 'feeder', 'branch')),
	CONSTRAINT "circuit_parent_ck" CHECK ("circuit"."parent_id" <> "circuit"."id")
);
--> statement-breakpoint
ALTER TABLE "circuit" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "circuit_account" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "circuit_account_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ou_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	CONSTRAINT "circuit_account_code_uq" UNIQUE("tenant_id","code")
);
--> statement-breakpoint
ALTER TABLE "circuit_account" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "circuit_account_price" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "circuit_account_price_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"demand_price_per_kw_month" numeric(12, 4),
	"seasons" jsonb NOT NULL,
	CONSTRAINT "circuit_account_price_uq" UNIQUE("account_id","effective_from"),
	CONSTRAINT "circuit_account_price_demand_ck" CHECK ("circuit_account_price"."demand_price_per_kw_month" >= 0)
);
--> statement-breakpoint
ALTER TABLE "circuit_account_price" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "circuit_cabinet" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "circuit_cabinet_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ou_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"location" text,
	CONSTRAINT "circuit_cabinet_code_uq" UNIQUE("tenant_id","code")
);
--> statement-breakpoint
ALTER TABLE "circuit_cabinet" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "circuit_meter" (
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"circuit_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"sign" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "circuit_meter_circuit_id_device_id_pk" PRIMARY KEY("circuit_id","device_id"),
	CONSTRAINT "circuit_meter_sign_ck" CHECK ("circuit_meter"."sign" in (1, -1))
);
--> statement-breakpoint
ALTER TABLE "circuit_meter" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "circuit" ADD CONSTRAINT "circuit_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit" ADD CONSTRAINT "circuit_ou_id_ou_id_fk" FOREIGN KEY ("ou_id") REFERENCES "public"."ou"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit" ADD CONSTRAINT "circuit_parent_id_circuit_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."circuit"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit" ADD CONSTRAINT "circuit_cabinet_id_circuit_cabinet_id_fk" FOREIGN KEY ("cabinet_id") REFERENCES "public"."circuit_cabinet"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit" ADD CONSTRAINT "circuit_account_id_circuit_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."circuit_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_account" ADD CONSTRAINT "circuit_account_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_account" ADD CONSTRAINT "circuit_account_ou_id_ou_id_fk" FOREIGN KEY ("ou_id") REFERENCES "public"."ou"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_account_price" ADD CONSTRAINT "circuit_account_price_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_account_price" ADD CONSTRAINT "circuit_account_price_account_id_circuit_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."circuit_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_cabinet" ADD CONSTRAINT "circuit_cabinet_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_cabinet" ADD CONSTRAINT "circuit_cabinet_ou_id_ou_id_fk" FOREIGN KEY ("ou_id") REFERENCES "public"."ou"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_meter" ADD CONSTRAINT "circuit_meter_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_meter" ADD CONSTRAINT "circuit_meter_circuit_id_circuit_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuit_meter" ADD CONSTRAINT "circuit_meter_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circuit_ou_idx" ON "circuit" USING btree ("ou_id");--> statement-breakpoint
CREATE INDEX "circuit_parent_idx" ON "circuit" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "circuit_account_ou_idx" ON "circuit_account" USING btree ("ou_id");--> statement-breakpoint
CREATE INDEX "circuit_cabinet_ou_idx" ON "circuit_cabinet" USING btree ("ou_id");--> statement-breakpoint
CREATE INDEX "circuit_meter_device_idx" ON "circuit_meter" USING btree ("device_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "circuit" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "circuit_account" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "circuit_account_price" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "circuit_cabinet" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "circuit_meter" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());