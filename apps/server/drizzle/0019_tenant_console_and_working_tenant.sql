ALTER TABLE "channel_link" ADD COLUMN "consent_by" text;--> statement-breakpoint
ALTER TABLE "channel_link" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_link" ADD COLUMN "consent_reference" text;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_user" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "working_tenant_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_code_uq" ON "tenant" USING btree (lower("code"));--> statement-breakpoint
DROP POLICY "tenant_isolation" ON "alarm_log" CASCADE;--> statement-breakpoint
CREATE POLICY "tenant_read" ON "alarm_log" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "alarm_log" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());