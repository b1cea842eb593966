CREATE TABLE "login_known_address" (
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_known_address_username_ip_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "since_success" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "addresses" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- One sign-in attempt, counted BEFORE its password is checked (issue 15, docs/security.md). In one
-- statement it locks the attempt's three rows (in key order, so concurrent attempts cannot deadlock),
-- decides, and counts: concurrent attempts queue on the rows, so no more than the limits ever reach
-- the password check.
--   ip:{address}           every attempt from an address: a progressive delay past p_address_limit
--   pair:{address}|{user}  attempts at one username from one address: a progressive delay past p_pair_limit
--   user:{username}        attempts at one username from anywhere: locked for p_lock_minutes once the
--                          window holds p_account_limit attempts from p_account_addresses addresses or
--                          more; the lock does not apply to addresses the person signed in from
--                          (login_known_address), so strangers elsewhere cannot lock its owner out.
-- A refused attempt changes nothing. Answers whether this attempt may be checked, how long to wait
-- otherwise, and whether this attempt locked the username. Unknown and known usernames alike.
CREATE OR REPLACE FUNCTION app_login_attempt(
  p_username text, p_ip text, p_pair_limit int, p_address_limit int, p_account_limit int,
  p_account_addresses int, p_window_minutes int, p_delay_ms int, p_lock_minutes int
) RETURNS TABLE (allowed boolean, retry_after_ms int, locked_now boolean)
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  k_ip text := 'ip:' || p_ip;
  k_pair text := 'pair:' || p_ip || '|' || p_username;
  k_user text := 'user:' || p_username;
  win_start timestamptz := now() - make_interval(mins => p_window_minutes);
  ms bigint := (extract(epoch from clock_timestamp()) * 1000)::bigint;
  known boolean;
  wait_until timestamptz := now();
  k text;
  lim int;
  n int;
  addrs text[];
  lock_now boolean := false;
  r record;
BEGIN
  INSERT INTO login_throttle (key, failures, window_start, updated_at)
    VALUES (k_ip, 0, now(), ms), (k_pair, 0, now(), ms), (k_user, 0, now(), ms)
    ON CONFLICT (key) DO NOTHING;
  PERFORM 1 FROM login_throttle WHERE key IN (k_ip, k_pair, k_user) ORDER BY key FOR UPDATE;
  known := EXISTS (SELECT 1 FROM login_known_address a
                   WHERE a.username = p_username AND a.ip = p_ip AND a.seen_at > now() - interval '90 days');
  FOR r IN SELECT t.key, t.locked_until FROM login_throttle t WHERE t.key IN (k_ip, k_pair, k_user) LOOP
    IF r.locked_until > wait_until AND (r.key <> k_user OR NOT known) THEN
      wait_until := r.locked_until;
    END IF;
  END LOOP;
  IF wait_until > now() THEN
    RETURN QUERY SELECT false, ceil(extract(epoch from wait_until - now()) * 1000)::int, false;
    RETURN;
  END IF;
  FOREACH k IN ARRAY ARRAY[k_ip, k_pair] LOOP
    lim := CASE WHEN k = k_ip THEN p_address_limit ELSE p_pair_limit END;
    UPDATE login_throttle t SET
      failures = CASE WHEN t.window_start < win_start THEN 1 ELSE t.failures + 1 END,
      window_start = CASE WHEN t.window_start < win_start THEN now() ELSE t.window_start END,
      updated_at = ms
      WHERE t.key = k RETURNING t.failures INTO n;
    IF n >= lim THEN
      -- the delay doubles with each attempt past the limit, up to p_lock_minutes
      UPDATE login_throttle t SET locked_until = now() + least(make_interval(mins => p_lock_minutes),
          make_interval(secs => p_delay_ms / 1000.0 * power(2, least(n - lim, 24))))
        WHERE t.key = k;
    END IF;
  END LOOP;
  UPDATE login_throttle t SET
    failures = CASE WHEN t.window_start < win_start THEN 1 ELSE t.failures + 1 END,
    addresses = CASE WHEN t.window_start < win_start THEN ARRAY[p_ip]
                     WHEN p_ip = ANY (t.addresses) OR cardinality(t.addresses) >= 64 THEN t.addresses
                     ELSE t.addresses || p_ip END,
    window_start = CASE WHEN t.window_start < win_start THEN now() ELSE t.window_start END,
    since_success = t.since_success + 1,
    updated_at = ms
    WHERE t.key = k_user RETURNING t.failures, t.addresses INTO n, addrs;
  IF n >= p_account_limit AND cardinality(addrs) >= p_account_addresses THEN
    UPDATE login_throttle t SET locked_until = now() + make_interval(mins => p_lock_minutes)
      WHERE t.key = k_user AND (t.locked_until IS NULL OR t.locked_until <= now());
    lock_now := FOUND;
  END IF;
  RETURN QUERY SELECT true, 0, lock_now;
END $$;
--> statement-breakpoint
-- A sign-in whose password was right: its own counted attempt is taken back (the address keeps the
-- failures it had), the address becomes one the person signs in from, and the username's attempts
-- since the last sign-in are answered (to tell the person) and reset. A lock stays until it ends,
-- unless this very attempt set it; a lock that has ended is told once.
CREATE OR REPLACE FUNCTION app_login_succeeded(p_username text, p_ip text, p_address_limit int, p_undo_lock boolean)
RETURNS TABLE (failed_attempts int, locked_until timestamptz)
LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  n int;
  lu timestamptz;
BEGIN
  DELETE FROM login_throttle t WHERE t.key = 'pair:' || p_ip || '|' || p_username;
  UPDATE login_throttle t SET failures = greatest(t.failures - 1, 0),
      locked_until = CASE WHEN t.failures - 1 < p_address_limit THEN NULL ELSE t.locked_until END
    WHERE t.key = 'ip:' || p_ip;
  SELECT greatest(t.since_success - 1, 0), CASE WHEN p_undo_lock THEN NULL ELSE t.locked_until END INTO n, lu
    FROM login_throttle t WHERE t.key = 'user:' || p_username FOR UPDATE;
  UPDATE login_throttle t SET failures = greatest(t.failures - 1, 0), since_success = 0,
      locked_until = CASE WHEN lu > now() THEN lu END
    WHERE t.key = 'user:' || p_username;
  INSERT INTO login_known_address AS a (username, ip, seen_at) VALUES (p_username, p_ip, now())
    ON CONFLICT (username, ip) DO UPDATE SET seen_at = excluded.seen_at;
  DELETE FROM login_known_address a WHERE a.username = p_username AND a.seen_at < now() - interval '90 days';
  RETURN QUERY SELECT coalesce(n, 0), lu;
END $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_login_attempt(text, text, int, int, int, int, int, int, int) FROM PUBLIC;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_login_succeeded(text, text, int, boolean) FROM PUBLIC;
--> statement-breakpoint
-- staff/create for a username that is taken (issue 15): a tenant administrator adds that existing
-- person only by naming a second fact of theirs, their phone (digits compared) or email (case ignored).
-- Answers the person's muid, or null whether the username is unknown or the fact does not match, so
-- the administrator learns nothing about people of other tenants. Only inside a request scoped to a tenant.
CREATE OR REPLACE FUNCTION app_person_by_fact(p_username text, p_phone text, p_email text)
RETURNS uuid LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  found_muid uuid;
  digits text := regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g');
  mail text := lower(trim(coalesce(p_email, '')));
BEGIN
  IF coalesce(current_setting('app.tenant_id', true), '') = '' THEN
    RAISE EXCEPTION 'app_person_by_fact needs a request scoped to a tenant';
  END IF;
  SELECT u.muid INTO found_muid FROM customer_user u
    WHERE u.username = p_username
      AND ((digits <> '' AND regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g') = digits)
        OR (mail <> '' AND lower(trim(coalesce(u.email, ''))) = mail));
  RETURN found_muid;
END $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_person_by_fact(text, text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_person_by_fact(text, text, text) TO energy_app;
