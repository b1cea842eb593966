-- A tenant administrator creating a staff account for a new person (customer user). People are
-- platform-wide: energy_app, which every request runs as, may neither see other tenants' usernames
-- nor insert people. This function does exactly that one thing, only inside a request scoped to a
-- tenant, and answers false when the username is taken (nothing is written then).
CREATE OR REPLACE FUNCTION app_create_person(
  p_muid uuid, p_username text, p_password_hash text, p_name text, p_phone text, p_email text
) RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF coalesce(current_setting('app.tenant_id', true), '') = '' THEN
    RAISE EXCEPTION 'app_create_person needs a request scoped to a tenant';
  END IF;
  INSERT INTO customer_user (muid, username, password_hash, name, phone, email)
    VALUES (p_muid, p_username, p_password_hash, p_name, p_phone, p_email)
    ON CONFLICT (username) DO NOTHING;
  RETURN FOUND;
END $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_create_person(uuid, text, text, text, text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_create_person(uuid, text, text, text, text, text) TO energy_app;
