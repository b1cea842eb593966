-- app_open_session of 0002, reading the person's staff rows once instead of three times (it runs first
-- in every signed-in request). Same signature and answers; CREATE OR REPLACE keeps its grants.
CREATE OR REPLACE FUNCTION app_open_session(p_id_hash text, p_scope boolean)
RETURNS TABLE (
  id_hash text, token_hash text, muid uuid, expires_at timestamptz, last_seen_at timestamptz,
  current_staff_id int, username text, name text, platform_admin boolean,
  staff_id int, tenant_id uuid, customer_mcid uuid, staff_code text, status smallint, role_id int,
  permission_codes text[], auto_sync_codes text[], all_ous boolean, side_type smallint,
  ou_ids int[], channel_ids text[]
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_tenants text;
  v_customers text;
  v_roles text;
BEGIN
  SELECT s.id_hash, s.token_hash, s.muid, s.expires_at, s.last_seen_at, s.current_staff_id,
         u.username, u.name, u.platform_admin,
         st.id, st.tenant_id, st.customer_mcid, st.staff_code, st.status, st.role_id,
         r.permission_codes, r.auto_sync_codes, r.all_ous, t.side_type,
         (SELECT array_agg(so.ou_id ORDER BY so.ou_id) FROM staff_ou so WHERE so.staff_id = st.id),
         (SELECT array_agg(cl.customer_tenant_id::text ORDER BY cl.customer_tenant_id) FROM channel_link cl WHERE cl.tenant_id = st.tenant_id)
    INTO id_hash, token_hash, muid, expires_at, last_seen_at, current_staff_id,
         username, name, platform_admin,
         staff_id, tenant_id, customer_mcid, staff_code, status, role_id,
         permission_codes, auto_sync_codes, all_ous, side_type, ou_ids, channel_ids
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
    -- the person's own tenants, customers and roles, from one read of their staff rows
    SELECT string_agg(DISTINCT x.tenant_id::text, ','), string_agg(DISTINCT x.customer_mcid::text, ','),
           string_agg(DISTINCT x.role_id::text, ',')
      INTO v_tenants, v_customers, v_roles
      FROM staff x WHERE x.muid = app_open_session.muid;
    PERFORM set_config('app.muid', muid::text, true),
            set_config('app.tenant_id', CASE WHEN status = 0 THEN tenant_id::text ELSE '' END, true),
            set_config('app.channel_tenants', CASE WHEN status = 0 THEN coalesce(array_to_string(channel_ids, ','), '') ELSE '' END, true),
            set_config('app.user_tenants', coalesce(v_tenants, ''), true),
            set_config('app.user_customers', coalesce(v_customers, ''), true),
            set_config('app.user_roles', coalesce(v_roles, ''), true),
            set_config('role', 'energy_app', true);
  END IF;
  RETURN NEXT;
END $$;
