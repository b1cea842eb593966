CREATE TABLE "channel_link" (
	"tenant_id" uuid NOT NULL,
	"customer_tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_link_tenant_id_customer_tenant_id_pk" PRIMARY KEY("tenant_id","customer_tenant_id")
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"mcid" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"parent_mcid" uuid,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"level" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"side_type" smallint DEFAULT 1 NOT NULL,
	"platform_name" text NOT NULL,
	"platform_title_type" smallint DEFAULT 1 NOT NULL,
	"platform_slogan_name" text DEFAULT 'Industrial Internet Platform' NOT NULL,
	"icon_key" text,
	"logo_key" text,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"org_levels" jsonb DEFAULT '["headquarters","subsidiary"]'::jsonb NOT NULL,
	"home_module_origin_id" integer,
	"home_path" text DEFAULT '/' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_user" (
	"muid" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"operation_password_hash" text,
	"name" text NOT NULL,
	"gender" smallint,
	"phone" text,
	"email" text,
	"head_pic" text,
	"navigation_preference" smallint DEFAULT 1 NOT NULL,
	"platform_admin" boolean DEFAULT false NOT NULL,
	"last_staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_user_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"muid" uuid NOT NULL,
	"current_staff_id" integer,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "role_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"permission_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"auto_sync_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"all_ous" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"customer_mcid" uuid NOT NULL,
	"muid" uuid NOT NULL,
	"staff_code" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"role_id" integer,
	"navigation_module_origin_id" integer,
	"navigation_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_code_uq" UNIQUE("tenant_id","staff_code")
);
--> statement-breakpoint
CREATE TABLE "staff_data_type_sorting" (
	"tenant_id" uuid NOT NULL,
	"staff_id" integer NOT NULL,
	"scene" text NOT NULL,
	"data_types" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_data_type_sorting_staff_id_scene_pk" PRIMARY KEY("staff_id","scene")
);
--> statement-breakpoint
CREATE TABLE "staff_ou" (
	"tenant_id" uuid NOT NULL,
	"staff_id" integer NOT NULL,
	"ou_id" integer NOT NULL,
	CONSTRAINT "staff_ou_staff_id_ou_id_pk" PRIMARY KEY("staff_id","ou_id")
);
--> statement-breakpoint
CREATE TABLE "module_origin" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"path_prefix" text NOT NULL,
	"origin" text,
	CONSTRAINT "module_origin_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "permission" (
	"code" text PRIMARY KEY NOT NULL,
	"parent_code" text,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"customized" boolean DEFAULT false NOT NULL,
	"freeze" boolean DEFAULT false NOT NULL,
	"integrated_app_id" integer
);
--> statement-breakpoint
CREATE TABLE "navigation" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "navigation_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"parent_id" integer,
	"root_id" integer,
	"level" smallint NOT NULL,
	"name" text NOT NULL,
	"path" text NOT NULL,
	"key" text NOT NULL,
	"module_origin_id" integer,
	"jump_type" smallint DEFAULT 1 NOT NULL,
	"open_type" smallint DEFAULT 0 NOT NULL,
	"weighting" integer DEFAULT 0 NOT NULL,
	"url" text,
	"origin" text,
	"permission_type" smallint DEFAULT 0 NOT NULL,
	"permission_code" text,
	"integrated_app_id" integer,
	"transit_page_path" text
);
--> statement-breakpoint
CREATE TABLE "district" (
	"adcode" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"parent_adcode" text,
	"lng" double precision,
	"lat" double precision
);
--> statement-breakpoint
CREATE TABLE "ou" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ou_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"customer_mcid" uuid NOT NULL,
	"type_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"district_adcode" text,
	"address" text,
	"lng" double precision,
	"lat" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ou_code_uq" UNIQUE("tenant_id","code")
);
--> statement-breakpoint
CREATE TABLE "ou_type" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ou_type_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "ou_type_code_uq" UNIQUE("tenant_id","code")
);
--> statement-breakpoint
CREATE TABLE "file" (
	"key" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" uuid,
	"muid" uuid,
	"username" text,
	"staff_id" integer,
	"staff_code" text,
	"call" text NOT NULL,
	"target" text,
	"outcome" text NOT NULL,
	"code" integer NOT NULL,
	"ip" text,
	"duration_ms" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fcs_software_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"software_version" text NOT NULL,
	"hardware_versions" text[] NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "fcs_software_version_software_version_unique" UNIQUE("software_version")
);
--> statement-breakpoint
CREATE TABLE "gis_config" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"center_lng" double precision NOT NULL,
	"center_lat" double precision NOT NULL,
	"zoom" double precision NOT NULL,
	"map_style" text DEFAULT 'dark' NOT NULL,
	"district_adcode" text
);
--> statement-breakpoint
CREATE TABLE "uet_calculation_start" (
	"tenant_id" uuid NOT NULL,
	"uet_id" text NOT NULL,
	"start_calculate_time" timestamp with time zone NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uet_calculation_start_tenant_id_uet_id_pk" PRIMARY KEY("tenant_id","uet_id")
);
--> statement-breakpoint
ALTER TABLE "channel_link" ADD CONSTRAINT "channel_link_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_link" ADD CONSTRAINT "channel_link_customer_tenant_id_tenant_id_fk" FOREIGN KEY ("customer_tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer" ADD CONSTRAINT "customer_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_muid_customer_user_muid_fk" FOREIGN KEY ("muid") REFERENCES "public"."customer_user"("muid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_customer_mcid_customer_mcid_fk" FOREIGN KEY ("customer_mcid") REFERENCES "public"."customer"("mcid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_muid_customer_user_muid_fk" FOREIGN KEY ("muid") REFERENCES "public"."customer_user"("muid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_data_type_sorting" ADD CONSTRAINT "staff_data_type_sorting_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_data_type_sorting" ADD CONSTRAINT "staff_data_type_sorting_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_ou" ADD CONSTRAINT "staff_ou_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_ou" ADD CONSTRAINT "staff_ou_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "navigation" ADD CONSTRAINT "navigation_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ou" ADD CONSTRAINT "ou_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ou" ADD CONSTRAINT "ou_customer_mcid_customer_mcid_fk" FOREIGN KEY ("customer_mcid") REFERENCES "public"."customer"("mcid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ou" ADD CONSTRAINT "ou_type_id_ou_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."ou_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ou_type" ADD CONSTRAINT "ou_type_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gis_config" ADD CONSTRAINT "gis_config_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uet_calculation_start" ADD CONSTRAINT "uet_calculation_start_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_tenant_idx" ON "customer" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "session_muid_idx" ON "session" USING btree ("muid");--> statement-breakpoint
CREATE INDEX "staff_muid_idx" ON "staff" USING btree ("muid");--> statement-breakpoint
CREATE INDEX "navigation_tenant_idx" ON "navigation" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "district_parent_idx" ON "district" USING btree ("parent_adcode");--> statement-breakpoint
CREATE INDEX "ou_customer_idx" ON "ou" USING btree ("customer_mcid");--> statement-breakpoint
CREATE INDEX "audit_tenant_at_idx" ON "audit_log" USING btree ("tenant_id","at");