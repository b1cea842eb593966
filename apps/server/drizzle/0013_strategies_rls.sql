-- Strategies, template bindings and the delivery log (issue 7). Requests read and write them as
-- energy_app; the FCS acknowledgement path and the delivery timeout work on the owner connection.
GRANT SELECT, INSERT, UPDATE, DELETE ON strategy, strategy_customer, strategy_delivery TO energy_app;
--> statement-breakpoint
-- Like the station tables: a channel staff also reads its linked tenants' rows; writes stay in the current tenant.
DO $$ DECLARE t text; BEGIN
  FOREACH t IN ARRAY ARRAY['strategy','strategy_customer','strategy_delivery'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_read ON %I FOR SELECT USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()))', t);
    EXECUTE format('CREATE POLICY tenant_write ON %I FOR ALL USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END $$;
