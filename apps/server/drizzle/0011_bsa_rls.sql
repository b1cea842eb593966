-- Storage stations (issue 7: stations as far as strategies need them). Requests read and write these
-- tables as energy_app; the FCS acknowledgement path reads a station by its FCS on the owner connection.
GRANT SELECT, INSERT, UPDATE, DELETE ON bsa_station, bsa_station_device, bsa_tariff, bsa_tariff_band TO energy_app;
--> statement-breakpoint
-- Like the device tables: a channel staff also reads its linked tenants' rows; writes stay in the current tenant.
DO $$ DECLARE t text; BEGIN
  FOREACH t IN ARRAY ARRAY['bsa_station','bsa_station_device','bsa_tariff','bsa_tariff_band'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_read ON %I FOR SELECT USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()))', t);
    EXECUTE format('CREATE POLICY tenant_write ON %I FOR ALL USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END $$;
