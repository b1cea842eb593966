-- Devices and telemetry (issue: devices and telemetry). Requests read and write these tables as
-- energy_app; the ingest pipeline, rollups and retention run as the owner (they serve every tenant
-- and take a device's identity from its authenticated MQTT username, never from the payload).
GRANT SELECT, INSERT, UPDATE, DELETE ON device_category, device_type, data_property, device, device_ingest_stat TO energy_app;
--> statement-breakpoint
GRANT SELECT, DELETE ON telemetry_raw, telemetry_15m, telemetry_1h, telemetry_1d TO energy_app;
--> statement-breakpoint
-- Device tables: a channel staff also reads its linked tenants' devices; writes stay in the current tenant.
DO $$ DECLARE t text; BEGIN
  FOREACH t IN ARRAY ARRAY['device_category','device_type','data_property','device','device_ingest_stat'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_read ON %I FOR SELECT USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()))', t);
    EXECUTE format('CREATE POLICY tenant_write ON %I FOR ALL USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Telemetry rows carry no tenant: a row is visible when its device is (the device policies above apply
-- inside the subquery; the planner runs it once per statement as a hashed subplan).
DO $$ DECLARE t text; BEGIN
  FOREACH t IN ARRAY ARRAY['telemetry_raw','telemetry_15m','telemetry_1h','telemetry_1d'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY device_visible ON %I USING (device_id IN (SELECT id FROM device))', t);
  END LOOP;
END $$;
