-- Jobs (issue 14). Requests read and write them as energy_app; a background job's progress and outcome
-- are written on the owner connection, filtered on the job's id and tenant.
GRANT SELECT, INSERT, UPDATE, DELETE ON job TO energy_app;
--> statement-breakpoint
ALTER TABLE job ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON job USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
