-- Tenant isolation, second line of defence: every request's queries run as the non-superuser role
-- energy_app with app.tenant_id / app.muid / app.channel_tenants set for the transaction, so a query
-- that forgets its tenant filter still sees only the current tenant's rows.
DO $$ BEGIN
  -- checked first: CREATE ROLE needs CREATEROLE even when the role already exists
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'energy_app') THEN
    CREATE ROLE energy_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  -- a non-superuser owner (production DATABASE_URL) must be a member to SET ROLE
  EXECUTE format('GRANT energy_app TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_tenant() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_muid() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.muid', true), '')::uuid $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_channel_tenants() RETURNS uuid[] LANGUAGE sql STABLE AS
$$ SELECT coalesce(string_to_array(nullif(current_setting('app.channel_tenants', true), ''), ',')::uuid[], '{}'::uuid[]) $$;
--> statement-breakpoint
-- The signed-in person's own staff accounts, set once per request: their tenants, customers and roles
-- (the staff list spans tenants). Plain arrays keep the policies free of subqueries, which keeps
-- planning cheap.
CREATE OR REPLACE FUNCTION app_user_tenants() RETURNS uuid[] LANGUAGE sql STABLE AS
$$ SELECT coalesce(string_to_array(nullif(current_setting('app.user_tenants', true), ''), ',')::uuid[], '{}'::uuid[]) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_customers() RETURNS uuid[] LANGUAGE sql STABLE AS
$$ SELECT coalesce(string_to_array(nullif(current_setting('app.user_customers', true), ''), ',')::uuid[], '{}'::uuid[]) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_roles() RETURNS int[] LANGUAGE sql STABLE AS
$$ SELECT coalesce(string_to_array(nullif(current_setting('app.user_roles', true), ''), ',')::int[], '{}'::int[]) $$;
--> statement-breakpoint
-- Is this person a member (has a staff) of the current tenant? Runs as the owner.
CREATE OR REPLACE FUNCTION app_tenant_member(person uuid) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public AS
$$ SELECT EXISTS (SELECT 1 FROM staff s WHERE s.muid = person AND s.tenant_id = app_tenant()) $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO energy_app;
--> statement-breakpoint
GRANT SELECT ON permission, module_origin, district, fcs_software_version TO energy_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tenant, customer, channel_link, role, staff, staff_ou,
  staff_data_type_sorting, navigation, ou_type, ou, file, gis_config, uet_calculation_start TO energy_app;
--> statement-breakpoint
GRANT SELECT, UPDATE ON customer_user TO energy_app;
--> statement-breakpoint
GRANT SELECT ON audit_log TO energy_app;
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO energy_app;
--> statement-breakpoint
-- Tables of the current tenant only.
DO $$ DECLARE t text; BEGIN
  FOREACH t IN ARRAY ARRAY['channel_link','staff_ou','staff_data_type_sorting','navigation','file',
                           'audit_log','gis_config','uet_calculation_start'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Tables a channel staff also reads for its linked tenants; writes stay in the current tenant.
DO $$ DECLARE t text; BEGIN
  FOREACH t IN ARRAY ARRAY['ou_type','ou'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_read ON %I FOR SELECT USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()))', t);
    EXECUTE format('CREATE POLICY tenant_write ON %I FOR ALL USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant())', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Staff: the current tenant's, plus the signed-in person's own accounts in any tenant (staff list).
ALTER TABLE staff ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY staff_read ON staff FOR SELECT USING (tenant_id = app_tenant() OR muid = app_muid());
--> statement-breakpoint
CREATE POLICY staff_write ON staff FOR ALL USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
--> statement-breakpoint
ALTER TABLE role ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY role_read ON role FOR SELECT USING (tenant_id = app_tenant() OR id = ANY (app_user_roles()));
--> statement-breakpoint
CREATE POLICY role_write ON role FOR ALL USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
--> statement-breakpoint
ALTER TABLE customer ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_read ON customer FOR SELECT
  USING (tenant_id = app_tenant() OR tenant_id = ANY (app_channel_tenants()) OR mcid = ANY (app_user_customers()));
--> statement-breakpoint
CREATE POLICY customer_write ON customer FOR ALL USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());
--> statement-breakpoint
ALTER TABLE tenant ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_read ON tenant FOR SELECT
  USING (id = app_tenant() OR id = ANY (app_channel_tenants()) OR id = ANY (app_user_tenants()));
--> statement-breakpoint
CREATE POLICY tenant_update ON tenant FOR UPDATE USING (id = app_tenant()) WITH CHECK (id = app_tenant());
--> statement-breakpoint
-- Customer users: oneself, and the people who have a staff in the current tenant; only oneself is writable.
ALTER TABLE customer_user ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY customer_user_read ON customer_user FOR SELECT USING (muid = app_muid() OR app_tenant_member(muid));
--> statement-breakpoint
CREATE POLICY customer_user_update ON customer_user FOR UPDATE USING (muid = app_muid()) WITH CHECK (muid = app_muid());
--> statement-breakpoint
-- Sessions: a signed-in person may switch staff on, and end, only their own sessions.
ALTER TABLE session ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY own_sessions ON session USING (muid = app_muid()) WITH CHECK (muid = app_muid());
--> statement-breakpoint
GRANT SELECT, UPDATE, DELETE ON session TO energy_app;
--> statement-breakpoint
-- Lock-outs are read inside a request; failures are written after it, on the owner connection.
GRANT SELECT ON login_throttle TO energy_app;
