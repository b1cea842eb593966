-- Channel operations and the platform console (docs/platform-console.md).
-- app_open_session now also answers the session's working tenant, whether the person must change a
-- one-time password, and whether the staff's tenant is disabled; it narrows app.channel_tenants to the
-- working tenant (null: every linked tenant) and to enabled tenants, scopes nothing for a disabled tenant
-- or a pending password change, and sets app.platform_admin for platform administrators. Its answer
-- changes, so it is dropped and created again (CREATE OR REPLACE cannot change the result columns).
DROP FUNCTION IF EXISTS app_open_session(text, boolean);
--> statement-breakpoint
CREATE FUNCTION app_open_session(p_id_hash text, p_scope boolean)
RETURNS TABLE (
  id_hash text, token_hash text, muid uuid, expires_at timestamptz, last_seen_at timestamptz,
  current_staff_id int, username text, name text, platform_admin boolean,
  staff_id int, tenant_id uuid, customer_mcid uuid, staff_code text, status smallint, role_id int,
  permission_codes text[], auto_sync_codes text[], all_ous boolean, side_type smallint,
  ou_ids int[], channel_ids text[], working_tenant_id uuid, password_change_required boolean, tenant_disabled boolean
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_tenants text;
  v_customers text;
  v_roles text;
  v_usable boolean;
  v_linked text;
BEGIN
  SELECT s.id_hash, s.token_hash, s.muid, s.expires_at, s.last_seen_at, s.current_staff_id,
         u.username, u.name, u.platform_admin,
         st.id, st.tenant_id, st.customer_mcid, st.staff_code, st.status, st.role_id,
         r.permission_codes, r.auto_sync_codes, r.all_ous, t.side_type,
         (SELECT array_agg(so.ou_id ORDER BY so.ou_id) FROM staff_ou so WHERE so.staff_id = st.id),
         (SELECT array_agg(cl.customer_tenant_id::text ORDER BY cl.customer_tenant_id)
            FROM channel_link cl JOIN tenant ct ON ct.id = cl.customer_tenant_id
           WHERE cl.tenant_id = st.tenant_id AND ct.status = 0
             AND (s.working_tenant_id IS NULL OR cl.customer_tenant_id = s.working_tenant_id)),
         s.working_tenant_id, u.password_change_required, coalesce(t.status <> 0, false)
    INTO id_hash, token_hash, muid, expires_at, last_seen_at, current_staff_id,
         username, name, platform_admin,
         staff_id, tenant_id, customer_mcid, staff_code, status, role_id,
         permission_codes, auto_sync_codes, all_ous, side_type, ou_ids, channel_ids,
         working_tenant_id, password_change_required, tenant_disabled
    FROM session s
    JOIN customer_user u ON u.muid = s.muid
    LEFT JOIN staff st ON st.id = s.current_staff_id AND st.muid = s.muid
    LEFT JOIN role r ON r.id = st.role_id
    LEFT JOIN tenant t ON t.id = st.tenant_id
   WHERE s.id_hash = p_id_hash;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF p_scope THEN
    v_usable := status = 0 AND NOT tenant_disabled AND NOT password_change_required;
    -- the person's own tenants, customers and roles, from one read of their staff rows
    SELECT string_agg(DISTINCT x.tenant_id::text, ','), string_agg(DISTINCT x.customer_mcid::text, ','),
           string_agg(DISTINCT x.role_id::text, ',')
      INTO v_tenants, v_customers, v_roles
      FROM staff x WHERE x.muid = app_open_session.muid;
    IF v_usable THEN
      -- every enabled linked tenant, whatever the working tenant: the header's switcher names them
      SELECT string_agg(cl.customer_tenant_id::text, ',') INTO v_linked
        FROM channel_link cl JOIN tenant ct ON ct.id = cl.customer_tenant_id
       WHERE cl.tenant_id = app_open_session.tenant_id AND ct.status = 0;
    END IF;
    PERFORM set_config('app.muid', muid::text, true),
            set_config('app.tenant_id', CASE WHEN v_usable THEN tenant_id::text ELSE '' END, true),
            set_config('app.channel_tenants', CASE WHEN v_usable THEN coalesce(array_to_string(channel_ids, ','), '') ELSE '' END, true),
            set_config('app.linked_tenants', coalesce(v_linked, ''), true),
            set_config('app.user_tenants', coalesce(v_tenants, ''), true),
            set_config('app.user_customers', coalesce(v_customers, ''), true),
            set_config('app.user_roles', coalesce(v_roles, ''), true),
            set_config('app.platform_admin', CASE WHEN platform_admin AND NOT password_change_required THEN 'true' ELSE '' END, true),
            set_config('role', 'energy_app', true);
  END IF;
  RETURN NEXT;
END $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_open_session(text, boolean) FROM PUBLIC;
--> statement-breakpoint
-- Is the request's person a platform administrator (set by app_open_session)?
CREATE OR REPLACE FUNCTION app_platform_admin() RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT coalesce(current_setting('app.platform_admin', true), '') = 'true' $$;
--> statement-breakpoint
-- Every enabled tenant the current (channel) staff's tenant is linked to, whatever its working tenant.
CREATE OR REPLACE FUNCTION app_linked_tenants() RETURNS uuid[] LANGUAGE sql STABLE AS
$$ SELECT coalesce(string_to_array(nullif(current_setting('app.linked_tenants', true), ''), ',')::uuid[], '{}'::uuid[]) $$;
--> statement-breakpoint
-- A channel staff reads the tenant rows (name, settings) of every linked tenant, to choose among them.
CREATE POLICY tenant_linked_read ON tenant FOR SELECT USING (id = ANY (app_linked_tenants()));
--> statement-breakpoint
-- The platform console reads and writes the tenant registry, channel links and roles (what each
-- tenant's roles grant), and nothing else of a tenant: business tables keep their tenant policies.
CREATE POLICY tenant_platform ON tenant FOR ALL USING (app_platform_admin()) WITH CHECK (app_platform_admin());
--> statement-breakpoint
CREATE POLICY channel_link_platform ON channel_link FOR ALL USING (app_platform_admin()) WITH CHECK (app_platform_admin());
--> statement-breakpoint
CREATE POLICY role_platform_read ON role FOR SELECT USING (app_platform_admin());
--> statement-breakpoint
-- Usage counts of every tenant for the console: numbers only, never rows. Runs as the owner, and only
-- for a platform administrator's request.
CREATE OR REPLACE FUNCTION app_platform_usage()
RETURNS TABLE (tenant_id uuid, staff_count int, device_count int, station_count int, ou_count int, file_bytes bigint,
               last_sign_in timestamptz)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NOT app_platform_admin() THEN
    RAISE EXCEPTION 'app_platform_usage is for platform administrators';
  END IF;
  RETURN QUERY
    SELECT t.id,
           (SELECT count(*)::int FROM staff s WHERE s.tenant_id = t.id),
           (SELECT count(*)::int FROM device d WHERE d.tenant_id = t.id),
           (SELECT count(*)::int FROM bsa_station b WHERE b.tenant_id = t.id),
           (SELECT count(*)::int FROM ou o WHERE o.tenant_id = t.id),
           (SELECT coalesce(sum(f.size), 0)::bigint FROM file f WHERE f.tenant_id = t.id),
           (SELECT max(se.last_seen_at) FROM session se JOIN staff s ON s.id = se.current_staff_id WHERE s.tenant_id = t.id)
      FROM tenant t;
END $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_platform_usage() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_platform_usage() TO energy_app;
