-- The platform console creates a tenant's first administrator (docs/platform-console.md): a new person
-- with a one-time password that must be changed at the first sign-in. Only a platform administrator's
-- request, already scoped to the new tenant, may call it; false when the username is taken.
CREATE OR REPLACE FUNCTION app_create_tenant_admin(
  p_muid uuid, p_username text, p_password_hash text, p_name text, p_phone text, p_email text
) RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NOT app_platform_admin() OR coalesce(current_setting('app.tenant_id', true), '') = '' THEN
    RAISE EXCEPTION 'app_create_tenant_admin is for the platform console, scoped to the new tenant';
  END IF;
  INSERT INTO customer_user (muid, username, password_hash, name, phone, email, password_change_required)
    VALUES (p_muid, p_username, p_password_hash, p_name, p_phone, p_email, true)
    ON CONFLICT (username) DO NOTHING;
  RETURN FOUND;
END $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_create_tenant_admin(uuid, text, text, text, text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_create_tenant_admin(uuid, text, text, text, text, text) TO energy_app;
