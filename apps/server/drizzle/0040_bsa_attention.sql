CREATE TABLE "bsa_attention" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bsa_attention_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	CONSTRAINT "bsa_attention_uq" UNIQUE("staff_id","station_id")
);
--> statement-breakpoint
ALTER TABLE "bsa_attention" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "bsa_attention" ADD CONSTRAINT "bsa_attention_tenant_id_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_attention" ADD CONSTRAINT "bsa_attention_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bsa_attention" ADD CONSTRAINT "bsa_attention_station_id_bsa_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."bsa_station"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bsa_attention_station_idx" ON "bsa_attention" USING btree ("station_id");--> statement-breakpoint
CREATE POLICY "tenant_read" ON "bsa_attention" AS PERMISSIVE FOR SELECT TO public USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()));--> statement-breakpoint
CREATE POLICY "tenant_write" ON "bsa_attention" AS PERMISSIVE FOR ALL TO public USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());