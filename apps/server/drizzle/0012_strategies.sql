CREATE TABLE "strategy" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "strategy_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"version" smallint NOT NULL,
	"global_version" text,
	"bsa_id" integer,
	"status" text DEFAULT 'enabled' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"body" jsonb NOT NULL,
	"executive_from" date,
	"executive_to" date,
	"executing" boolean DEFAULT false NOT NULL,
	"executing_since" timestamp with time zone,
	"executing_revision" integer,
	"executing_delivery_id" integer,
	"created_by_staff_id" integer,
	"created_by_code" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_staff_id" integer,
	"updated_by_code" text NOT NULL,
	"updated_by_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strategy_kind_ck" CHECK ("strategy"."kind" in ('strategy', 'template', 'fieldStrategy')),
	CONSTRAINT "strategy_status_ck" CHECK ("strategy"."status" in ('enabled', 'disabled')),
	CONSTRAINT "strategy_version_ck" CHECK ("strategy"."version" between 1 and 6),
	CONSTRAINT "strategy_station_ck" CHECK (("strategy"."kind" = 'template') = ("strategy"."bsa_id" is null)),
	CONSTRAINT "strategy_days_ck" CHECK (("strategy"."kind" = 'fieldStrategy') = ("strategy"."executive_from" is not null and "strategy"."executive_to" is not null)),
	CONSTRAINT "strategy_executing_ck" CHECK (not "strategy"."executing" or ("strategy"."kind" <> 'template' and "strategy"."executing_since" is not null))
);
--> statement-breakpoint
CREATE TABLE "strategy_customer" (
	"tenant_id" uuid NOT NULL,
	"strategy_id" integer NOT NULL,
	"customer_mcid" uuid NOT NULL,
	CONSTRAINT "strategy_customer_strategy_id_customer_mcid_pk" PRIMARY KEY("strategy_id","customer_mcid")
);
--> statement-breakpoint
CREATE TABLE "strategy_delivery" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "strategy_delivery_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"strategy_id" integer,
	"strategy_name" text NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"bsa_id" integer NOT NULL,
	"bsa_name" text NOT NULL,
	"fcs_device_id" integer,
	"revision" integer,
	"version" smallint,
	"body" jsonb,
	"operator_staff_id" integer,
	"operator_code" text NOT NULL,
	"operator_name" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"result" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	CONSTRAINT "strategy_delivery_action_ck" CHECK ("strategy_delivery"."action" in ('deliver', 'stop')),
	CONSTRAINT "strategy_delivery_result_ck" CHECK ("strategy_delivery"."result" in ('pending', 'accepted', 'rejected', 'timeout'))
);
--> statement-breakpoint
ALTER TABLE "strategy" ADD CONSTRAINT "strategy_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy" ADD CONSTRAINT "strategy_bsa_id_bsa_station_id_fk" FOREIGN KEY ("bsa_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy" ADD CONSTRAINT "strategy_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy" ADD CONSTRAINT "strategy_updated_by_staff_id_staff_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_customer" ADD CONSTRAINT "strategy_customer_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_customer" ADD CONSTRAINT "strategy_customer_strategy_id_strategy_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_customer" ADD CONSTRAINT "strategy_customer_customer_mcid_customer_mcid_fk" FOREIGN KEY ("customer_mcid") REFERENCES "public"."customer"("mcid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_delivery" ADD CONSTRAINT "strategy_delivery_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_delivery" ADD CONSTRAINT "strategy_delivery_strategy_id_strategy_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategy"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_delivery" ADD CONSTRAINT "strategy_delivery_bsa_id_bsa_station_id_fk" FOREIGN KEY ("bsa_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_delivery" ADD CONSTRAINT "strategy_delivery_fcs_device_id_device_id_fk" FOREIGN KEY ("fcs_device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_delivery" ADD CONSTRAINT "strategy_delivery_operator_staff_id_staff_id_fk" FOREIGN KEY ("operator_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "strategy_tenant_kind_idx" ON "strategy" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "strategy_bsa_idx" ON "strategy" USING btree ("bsa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "strategy_executing_uq" ON "strategy" USING btree ("bsa_id") WHERE executing;--> statement-breakpoint
CREATE INDEX "strategy_customer_mcid_idx" ON "strategy_customer" USING btree ("customer_mcid");--> statement-breakpoint
CREATE INDEX "strategy_delivery_tenant_idx" ON "strategy_delivery" USING btree ("tenant_id","requested_at");--> statement-breakpoint
CREATE INDEX "strategy_delivery_bsa_idx" ON "strategy_delivery" USING btree ("bsa_id","requested_at");--> statement-breakpoint
CREATE INDEX "strategy_delivery_strategy_idx" ON "strategy_delivery" USING btree ("strategy_id");--> statement-breakpoint
CREATE INDEX "strategy_delivery_pending_idx" ON "strategy_delivery" USING btree ("requested_at") WHERE result = 'pending';