-- Alarms (issue 6). Requests read and change these tables as energy_app, in the current tenant only;
-- raising and auto-recovering alarms (rule evaluation after an ingest commit, server-alarm scenes)
-- runs as the owner, like the ingest: it serves every tenant.
GRANT SELECT, INSERT, UPDATE, DELETE ON alarm_rule TO energy_app;
--> statement-breakpoint
GRANT SELECT, UPDATE ON alarm_log TO energy_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON alarm_work_order TO energy_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON alarm_push TO energy_app;
--> statement-breakpoint
DO $$ DECLARE t text; BEGIN
  FOREACH t IN ARRAY ARRAY['alarm_rule','alarm_log','alarm_work_order','alarm_push'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END $$;
