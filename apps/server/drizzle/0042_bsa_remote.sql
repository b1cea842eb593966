CREATE TABLE "bsa_remote_command" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_remote_command_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"device_type" text NOT NULL,
	"action" text NOT NULL,
	"min_value" double precision,
	"max_value" double precision,
	"options" jsonb,
	"description" text,
	"updated_by" text NOT NULL,
	CONSTRAINT "bsa_remote_command_type_ck" CHECK ("bsa_remote_command"."device_type" in ('pcs', 'fcs')),
	CONSTRAINT "bsa_remote_command_action_ck" CHECK ("bsa_remote_command"."action" in ('start', 'stop', 'set-power', 'mode'))
);
--> statement-breakpoint
ALTER TABLE "bsa_remote_command" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_remote_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_remote_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" uuid NOT NULL,
	"command_id" integer,
	"command_name" text NOT NULL,
	"action" text NOT NULL,
	"device_type" text NOT NULL,
	"station_id" integer NOT NULL,
	"station_code" text NOT NULL,
	"station_name" text NOT NULL,
	"device_id" integer,
	"device_code" text NOT NULL,
	"device_name" text NOT NULL,
	"value" double precision,
	"unit" text,
	"value_label" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"operator_staff_id" integer,
	"operator_code" text NOT NULL,
	"operator_name" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "bsa_remote_log_status_ck" CHECK ("bsa_remote_log"."status" in ('pending', 'acknowledged', 'refused', 'timeout'))
);
--> statement-breakpoint
ALTER TABLE "bsa_remote_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bsa_remote_operation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_remote_operation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"operation" text NOT NULL,
	"command_id" integer,
	"command_name" text NOT NULL,
	"detail" text NOT NULL,
	"log_id" integer,
	"station_id" integer,
	"operator_code" text NOT NULL,
	"operator_name" text NOT NULL,
	CONSTRAINT "bsa_remote_operation_ck" CHECK ("bsa_remote_operation"."operation" in ('create', 'edit', 'delete', 'send'))
);
--> statement-breakpoint
ALTER TABLE "bsa_remote_operation" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bsa_remote_command" ADD CONSTRAINT "bsa_remote_command_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_remote_log" ADD CONSTRAINT "bsa_remote_log_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_remote_log" ADD CONSTRAINT "bsa_remote_log_command_id_bsa_remote_command_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."bsa_remote_command"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_remote_log" ADD CONSTRAINT "bsa_remote_log_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_remote_log" ADD CONSTRAINT "bsa_remote_log_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_remote_operation" ADD CONSTRAINT "bsa_remote_operation_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_remote_operation" ADD CONSTRAINT "bsa_remote_operation_command_id_bsa_remote_command_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."bsa_remote_command"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_remote_operation" ADD CONSTRAINT "bsa_remote_operation_log_id_bsa_remote_log_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."bsa_remote_log"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_remote_operation" ADD CONSTRAINT "bsa_remote_operation_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bsa_remote_command_name_uq" ON "bsa_remote_command" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "bsa_remote_log_request_uq" ON "bsa_remote_log" USING btree ("tenant_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bsa_remote_log_one_pending_uq" ON "bsa_remote_log" USING btree ("device_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "bsa_remote_log_station_idx" ON "bsa_remote_log" USING btree ("station_id","id");--> statement-breakpoint
CREATE INDEX "bsa_remote_log_tenant_idx" ON "bsa_remote_log" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "bsa_remote_operation_tenant_idx" ON "bsa_remote_operation" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bsa_remote_command" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bsa_remote_log" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bsa_remote_operation" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());