CREATE TABLE "line_loss_config" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_loss_config_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ou_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"input_circuit_id" integer,
	"input_device_id" integer,
	"remark" text,
	CONSTRAINT "line_loss_config_kind_ck" CHECK ("line_loss_config"."kind" in ('circuit', 'meter')),
	CONSTRAINT "line_loss_config_input_ck" CHECK (("line_loss_config"."kind" = 'circuit' and "line_loss_config"."input_circuit_id" is not null and "line_loss_config"."input_device_id" is null) or ("line_loss_config"."kind" = 'meter' and "line_loss_config"."input_device_id" is not null and "line_loss_config"."input_circuit_id" is null))
);
--> statement-breakpoint
ALTER TABLE "line_loss_config" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "line_loss_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_loss_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ou_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"rule_name" text NOT NULL,
	"config_id" integer NOT NULL,
	"config_name" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"rate" text,
	"threshold_ppm" integer NOT NULL,
	"periods" jsonb NOT NULL,
	"alarm_id" integer,
	"remark" text NOT NULL,
	CONSTRAINT "line_loss_log_kind_ck" CHECK ("line_loss_log"."kind" in ('raised', 'recovered'))
);
--> statement-breakpoint
ALTER TABLE "line_loss_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "line_loss_output" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_loss_output_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"config_id" integer NOT NULL,
	"circuit_id" integer,
	"device_id" integer,
	CONSTRAINT "line_loss_output_one_ck" CHECK (("line_loss_output"."circuit_id" is null) <> ("line_loss_output"."device_id" is null))
);
--> statement-breakpoint
ALTER TABLE "line_loss_output" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "line_loss_rule" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "line_loss_rule_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"config_id" integer NOT NULL,
	"name" text NOT NULL,
	"threshold_ppm" integer NOT NULL,
	"periods" smallint NOT NULL,
	"time_level" text DEFAULT 'day' NOT NULL,
	"level" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'normal' NOT NULL,
	"alarm_id" integer,
	"last_period" text,
	"last_rate" text,
	"evaluated_at" timestamp with time zone,
	CONSTRAINT "line_loss_rule_threshold_ck" CHECK ("line_loss_rule"."threshold_ppm" > 0 and "line_loss_rule"."threshold_ppm" < 1000000),
	CONSTRAINT "line_loss_rule_periods_ck" CHECK ("line_loss_rule"."periods" between 1 and 31),
	CONSTRAINT "line_loss_rule_level_ck" CHECK ("line_loss_rule"."level" between 0 and 4),
	CONSTRAINT "line_loss_rule_time_level_ck" CHECK ("line_loss_rule"."time_level" in ('day', 'month')),
	CONSTRAINT "line_loss_rule_state_ck" CHECK ("line_loss_rule"."state" in ('normal', 'firing'))
);
--> statement-breakpoint
ALTER TABLE "line_loss_rule" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "line_loss_config" ADD CONSTRAINT "line_loss_config_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_loss_config" ADD CONSTRAINT "line_loss_config_ou_id_ou_id_fk" FOREIGN KEY ("ou_id") REFERENCES "public"."ou"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_loss_config" ADD CONSTRAINT "line_loss_config_input_circuit_id_circuit_id_fk" FOREIGN KEY ("input_circuit_id") REFERENCES "public"."circuit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_loss_config" ADD CONSTRAINT "line_loss_config_input_device_id_device_id_fk" FOREIGN KEY ("input_device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_loss_log" ADD CONSTRAINT "line_loss_log_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_loss_log" ADD CONSTRAINT "line_loss_log_ou_id_ou_id_fk" FOREIGN KEY ("ou_id") REFERENCES "public"."ou"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_loss_output" ADD CONSTRAINT "line_loss_output_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_loss_output" ADD CONSTRAINT "line_loss_output_config_id_line_loss_config_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."line_loss_config"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_loss_output" ADD CONSTRAINT "line_loss_output_circuit_id_circuit_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_loss_output" ADD CONSTRAINT "line_loss_output_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_loss_rule" ADD CONSTRAINT "line_loss_rule_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_loss_rule" ADD CONSTRAINT "line_loss_rule_config_id_line_loss_config_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."line_loss_config"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_loss_config_ou_idx" ON "line_loss_config" USING btree ("ou_id");--> statement-breakpoint
CREATE INDEX "line_loss_log_rule_idx" ON "line_loss_log" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "line_loss_log_ou_idx" ON "line_loss_log" USING btree ("ou_id");--> statement-breakpoint
CREATE INDEX "line_loss_output_config_idx" ON "line_loss_output" USING btree ("config_id");--> statement-breakpoint
CREATE INDEX "line_loss_rule_config_idx" ON "line_loss_rule" USING btree ("config_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "line_loss_config" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "line_loss_log" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "line_loss_output" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "line_loss_rule" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());