CREATE TABLE "alarm_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarm_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"source" text NOT NULL,
	"scene_type" text,
	"target_id" integer,
	"level" smallint NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"rule_id" integer,
	"rule_name" text NOT NULL,
	"device_id" integer,
	"device_code" text,
	"device_name" text,
	"device_type_name" text,
	"ou_id" integer,
	"property_id" integer,
	"property_key" text,
	"property_name" text,
	"unit" text,
	"condition" text,
	"threshold" double precision,
	"trigger_value" double precision,
	"content" text NOT NULL,
	"alarm_time" timestamp with time zone NOT NULL,
	"recover_time" timestamp with time zone,
	"recovered_by" text,
	"recover_remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_push" (
	"tenant_id" uuid NOT NULL,
	"staff_id" integer NOT NULL,
	"alarm_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_push_staff_id_alarm_id_pk" PRIMARY KEY("staff_id","alarm_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_rule" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarm_rule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"device_type_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"condition" text NOT NULL,
	"threshold" double precision NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"level" smallint NOT NULL,
	"ou_id" integer,
	"device_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_work_order" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarm_work_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"alarm_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"assignee" text,
	"created_by_staff_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_log" ADD CONSTRAINT "alarm_log_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_log" ADD CONSTRAINT "alarm_log_rule_id_alarm_rule_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rule"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_log" ADD CONSTRAINT "alarm_log_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_push" ADD CONSTRAINT "alarm_push_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_push" ADD CONSTRAINT "alarm_push_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_push" ADD CONSTRAINT "alarm_push_alarm_id_alarm_log_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarm_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule" ADD CONSTRAINT "alarm_rule_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule" ADD CONSTRAINT "alarm_rule_device_type_id_device_type_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule" ADD CONSTRAINT "alarm_rule_property_id_data_property_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."data_property"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_work_order" ADD CONSTRAINT "alarm_work_order_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_work_order" ADD CONSTRAINT "alarm_work_order_alarm_id_alarm_log_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarm_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_work_order" ADD CONSTRAINT "alarm_work_order_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_log_active_rule_uq" ON "alarm_log" USING btree ("rule_id","device_id") WHERE state = 0 and source = 'rule';--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_log_active_scene_uq" ON "alarm_log" USING btree ("tenant_id","scene_type","target_id") WHERE state = 0 and source = 'server';--> statement-breakpoint
CREATE INDEX "alarm_log_tenant_time_idx" ON "alarm_log" USING btree ("tenant_id","alarm_time");--> statement-breakpoint
CREATE INDEX "alarm_log_device_idx" ON "alarm_log" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "alarm_log_rule_idx" ON "alarm_log" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "alarm_push_alarm_idx" ON "alarm_push" USING btree ("alarm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_rule_name_uq" ON "alarm_rule" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "alarm_work_order_alarm_idx" ON "alarm_work_order" USING btree ("alarm_id");