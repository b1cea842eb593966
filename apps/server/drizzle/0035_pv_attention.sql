CREATE TABLE "pv_attention" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pv_attention_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	CONSTRAINT "pv_attention_uq" UNIQUE("staff_id","kind","ref_id"),
	CONSTRAINT "pv_attention_kind_ck" CHECK ("pv_attention"."kind" in ('inverter', 'string', 'meter', 'weather'))
);
--> statement-breakpoint
ALTER TABLE "pv_attention" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pv_attention" ADD CONSTRAINT "pv_attention_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_attention" ADD CONSTRAINT "pv_attention_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pv_attention" ADD CONSTRAINT "pv_attention_station_id_pv_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."pv_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pv_attention_station_idx" ON "pv_attention" USING btree ("station_id","staff_id");--> statement-breakpoint
CREATE POLICY "tenant_read" ON "pv_attention" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "pv_attention" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());