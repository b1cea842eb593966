import path from 'node:path';

/** Everything the server reads from the environment, read once. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; embedded PGlite in `dataDir/pglite` otherwise. */
  databaseUrl: string | undefined;
  /** Seed the demo tenants: always on first start with PGlite, only with SEED_DEMO=1 on PostgreSQL. */
  seedDemo: boolean;
  /** Secure cookies (behind HTTPS). */
  secureCookies: boolean;
  sessionIdleHours: number;
  sessionMaxDays: number;
  /**
   * Sign-in limits (docs/security.md): `maxFailures` attempts at one username from one address, then a
   * delay from `delayMs` doubling per attempt up to `lockMinutes`; the same past `addressMaxFailures`
   * attempts from one address (default 4 x maxFailures); a username locked for `lockMinutes` after
   * `accountMaxFailures` attempts (default 10 x maxFailures) from `accountMinAddresses` addresses (3),
   * except from addresses its owner signed in from.
   */
  login: {
    maxFailures: number;
    windowMinutes: number;
    lockMinutes: number;
    addressMaxFailures?: number;
    accountMaxFailures?: number;
    accountMinAddresses?: number;
    delayMs?: number;
  };
  /** Origins besides the server's own that may sign in and out (a front proxy on another host): TRUSTED_ORIGINS. */
  trustedOrigins: string[];
  bodyLimitBytes: number;
  logLevel: string;
  webDist: string;
  ingest: IngestConfig;
  /** Run the demo tenants' simulated devices in-process (on whenever the demo is seeded; DEMO_LIVE=0 turns it off). */
  demoLive: boolean;
  /** Redis for pushes across server processes (docs/realtime.md); without it pushes stay in this process. */
  redisUrl: string | undefined;
  /** Prepended to the Redis channel names (tests and several platforms on one Redis use their own). */
  redisPrefix: string;
  realtime: RealtimeConfig;
  alarm: AlarmConfig;
  /** Strategy delivery to the stations' FCS (docs/strategies.md). */
  strategy: StrategyConfig;
  firmware: FirmwareConfig;
  /** Remote control of storage stations (docs/bsa.md, "Remote control"). */
  bsaRemote: BsaRemoteConfig;
  /** Security headers, rate limits and the upload quota (docs/security.md). */
  security: SecurityConfig;
  /**
   * The web app's error reporting to a log collector (docs/error-reporting.md), served to the browser by
   * /energy-settings.js; the collector's origin joins the CSP's connect-src. Absent: the script sets nothing.
   */
  errorReport?: ErrorReportConfig;
}

/** `ERROR_REPORT_URL` (https), `ERROR_REPORT_TOKEN`, `ERROR_REPORT_APP_NAME`. */
export interface ErrorReportConfig {
  url: string;
  token: string;
  appName?: string;
}

/** A rate limit of one kind of expensive call: calls per window, per user and per tenant. */
export interface RateLimit {
  user: number;
  tenant: number;
}

/** Security headers, rate limits and the upload quota (docs/security.md). */
export interface SecurityConfig {
  /** CSP frame-ancestors sources: who may frame the app (the embedding base application). */
  frameAncestors: string[];
  /** The window of every rate limit, seconds. */
  rateWindowSeconds: number;
  rateLimits: { heavy: RateLimit; export: RateLimit; import: RateLimit; upload: RateLimit };
  /** Heavy calls (telemetry ranges) one user runs at once; more wait up to `heavyWaitMs`, then get 429. */
  heavyConcurrency: number;
  heavyWaitMs: number;
  /** Bytes of stored files one tenant may hold. */
  uploadQuotaBytes: number;
  /** Files no row refers to are removed once older than this (hours), by a sweep every `orphanSweepMinutes`. */
  orphanGraceHours: number;
  orphanSweepMinutes: number;
}

/** Strategy delivery (docs/strategies.md). */
export interface StrategyConfig {
  /** A delivery the FCS has not answered within this long is logged as timed out and raises DELIVERY_FAILED. */
  deliveryTimeoutMs: number;
}

/** Firmware distribution to the FCS (docs/bsa.md, "Second edition and firmware (issue 22)"). */
export interface FirmwareConfig {
  /** A target under way that reports nothing for this long fails with 'timed out'. */
  stepTimeoutMs: number;
  /** How long the download URL given to an FCS works. */
  tokenTtlMs: number;
}

/** Remote commands to storage devices (docs/bsa.md, "Remote control"). */
export interface BsaRemoteConfig {
  /** A command its device has not answered within this long is logged as timed out (BSA_REMOTE_TIMEOUT_SECONDS, default 30). */
  answerTimeoutMs: number;
}

/** Alarm evaluation and server-alarm scenes (docs/alarms.md). */
export interface AlarmConfig {
  /** DATA_DELAYED: an online device that has sent nothing for this long. */
  dataDelayMinutes: number;
  /** How often the data-delay check runs. */
  checkIntervalSeconds: number;
  /** Readings older than this are stored but not evaluated (backfills and imports raise no alarms). */
  maxReadingAgeMinutes: number;
}

/** The STOMP push server at /ws/platform (docs/realtime.md). */
export interface RealtimeConfig {
  /** A bigger frame gets an ERROR and the connection is closed. */
  maxFrameBytes: number;
  maxSubscriptions: number;
  /** Open STOMP connections of one web session (one per browser tab). */
  maxConnectionsPerSession: number;
  /** A client whose unsent data grows beyond this (it does not read) is dropped. */
  maxBufferedBytes: number;
  /** The heart-beat the server offers both ways (ms); a client silent for twice the agreed interval is closed. */
  heartbeatMs: number;
  /** Time from the WebSocket upgrade to the CONNECT frame. */
  connectTimeoutMs: number;
  /** How often an open connection's session is checked again (expired, staff disabled). */
  revalidateMs: number;
}

/** Telemetry ingest over MQTT, rollups and retention (docs/devices.md). */
export interface IngestConfig {
  /** Off only where no broker is wanted (MQTT_ENABLED=0). */
  enabled: boolean;
  /** Port of the embedded broker (the next free one when taken; 0 = any free port). */
  mqttPort: number;
  mqttHost: string;
  /** An external broker: the server connects to it as a client instead of embedding one. */
  mqttUrl: string | undefined;
  /** Prepended to every topic (tests on a shared broker use a unique one). */
  topicPrefix: string;
  /** Client id of the platform's persistent session on an external broker. */
  clientId: string;
  /** MQTT over TLS on the embedded broker, when MQTT_TLS_CERT and MQTT_TLS_KEY (PEM files) are set; port MQTT_TLS_PORT (8883). */
  tls?: { certFile: string; keyFile: string; port: number };
  /** An idle writer waits this long (ms) for more before writing; a batch also goes at this many points. */
  flushMs: number;
  flushPoints: number;
  /** Raw readings older than this are deleted (rollups are kept); readings older than it are refused. */
  rawRetentionDays: number;
  retentionIntervalMinutes: number;
  /** Fastest plausible growth of an energy counter, kW, for devices without a rated power. */
  counterMaxKw: number;
}

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);

/** `RATE_LIMIT_*`: "per user,per tenant" (calls per window); a malformed value stops the start, naming it. */
function rateLimit(env: NodeJS.ProcessEnv, name: string, user: number, tenant: number): RateLimit {
  const value = env[name];
  if (value === undefined || value === '') return { user, tenant };
  const m = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(value);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
    throw new Error(`${name} must be "per user,per tenant", two positive integers (e.g. ${user},${tenant})`);
  return { user: Number(m[1]), tenant: Number(m[2]) };
}

/** `FRAME_ANCESTORS`: space-separated CSP sources ('self', 'none', https://host[:port]); default 'self'. */
function frameAncestors(value: string | undefined): string[] {
  const sources = (value ?? '').split(/\s+/).filter(Boolean);
  if (sources.length === 0) return ["'self'"];
  for (const source of sources) {
    if (!/^('self'|'none'|https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?)$/i.test(source))
      throw new Error(`FRAME_ANCESTORS: "${source}" is not a source: use 'self', 'none' or https://host[:port], separated by spaces`);
  }
  return sources;
}

/** `TRUSTED_ORIGINS`: origins (http[s]://host[:port]) separated by spaces or commas; a malformed one stops the start. */
function trustedOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((origin) => {
      const url = URL.canParse(origin) ? new URL(origin) : null;
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin.replace(/\/$/, ''))
        throw new Error(`TRUSTED_ORIGINS: "${origin}" is not an origin: use https://host[:port], separated by spaces or commas`);
      return url.origin;
    });
}

/** `ERROR_REPORT_*`: none without a URL; a URL that is not https stops the start, naming it. */
function errorReport(env: NodeJS.ProcessEnv): ErrorReportConfig | undefined {
  const url = env.ERROR_REPORT_URL?.trim();
  if (!url) return undefined;
  if (!URL.canParse(url) || new URL(url).protocol !== 'https:')
    throw new Error(`ERROR_REPORT_URL: "${url}" is not an https URL (the web app reports errors only to https)`);
  const appName = env.ERROR_REPORT_APP_NAME?.trim();
  return { url, token: env.ERROR_REPORT_TOKEN ?? '', ...(appName ? { appName } : {}) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // npm runs workspace scripts in the workspace folder; INIT_CWD is where `npm start` was typed
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  const fromCwd = (file: string) => path.resolve(env.INIT_CWD ?? process.cwd(), file);
  return {
    port: int(env.PORT, 8080),
    // loopback unless told: HOST=0.0.0.0 (or an address) exposes it (README)
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    seedDemo: databaseUrl ? env.SEED_DEMO === '1' : env.SEED_DEMO !== '0',
    secureCookies: env.SECURE_COOKIES === '1',
    sessionIdleHours: int(env.SESSION_IDLE_HOURS, 12),
    sessionMaxDays: int(env.SESSION_MAX_DAYS, 7),
    login: {
      maxFailures: int(env.LOGIN_MAX_FAILURES, 5),
      windowMinutes: int(env.LOGIN_WINDOW_MINUTES, 15),
      lockMinutes: int(env.LOGIN_LOCK_MINUTES, 15),
      addressMaxFailures: int(env.LOGIN_ADDRESS_MAX_FAILURES, int(env.LOGIN_MAX_FAILURES, 5) * 4),
      accountMaxFailures: int(env.LOGIN_ACCOUNT_MAX_FAILURES, int(env.LOGIN_MAX_FAILURES, 5) * 10),
      accountMinAddresses: int(env.LOGIN_ACCOUNT_MIN_ADDRESSES, 3),
      delayMs: int(env.LOGIN_DELAY_MS, 1000),
    },
    trustedOrigins: trustedOrigins(env.TRUSTED_ORIGINS),
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    logLevel: env.LOG_LEVEL ?? 'info',
    demoLive: env.DEMO_LIVE !== '0',
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    ingest: {
      enabled: env.MQTT_ENABLED !== '0',
      mqttPort: int(env.MQTT_PORT, 1883),
      mqttHost: env.MQTT_HOST || '127.0.0.1',
      mqttUrl: env.MQTT_URL || undefined,
      topicPrefix: env.MQTT_TOPIC_PREFIX ?? '',
      clientId: env.MQTT_CLIENT_ID ?? 'energy-platform-ingest',
      ...(env.MQTT_TLS_CERT && env.MQTT_TLS_KEY
        ? { tls: { certFile: fromCwd(env.MQTT_TLS_CERT), keyFile: fromCwd(env.MQTT_TLS_KEY), port: int(env.MQTT_TLS_PORT, 8883) } }
        : {}),
      flushMs: int(env.INGEST_FLUSH_MS, 5),
      flushPoints: int(env.INGEST_FLUSH_POINTS, 5000),
      rawRetentionDays: int(env.RAW_RETENTION_DAYS, 400),
      retentionIntervalMinutes: int(env.RETENTION_INTERVAL_MINUTES, 60),
      counterMaxKw: int(env.COUNTER_MAX_KW, 10_000),
    },
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'energy:',
    realtime: {
      maxFrameBytes: int(env.REALTIME_MAX_FRAME_BYTES, 64 * 1024),
      maxSubscriptions: int(env.REALTIME_MAX_SUBSCRIPTIONS, 16),
      maxConnectionsPerSession: int(env.REALTIME_MAX_CONNECTIONS_PER_SESSION, 16),
      maxBufferedBytes: int(env.REALTIME_MAX_BUFFERED_BYTES, 1024 * 1024),
      heartbeatMs: int(env.REALTIME_HEARTBEAT_MS, 10_000),
      connectTimeoutMs: int(env.REALTIME_CONNECT_TIMEOUT_MS, 10_000),
      revalidateMs: int(env.REALTIME_REVALIDATE_MS, 60_000),
    },
    alarm: {
      dataDelayMinutes: int(env.ALARM_DATA_DELAY_MINUTES, 15),
      checkIntervalSeconds: int(env.ALARM_CHECK_INTERVAL_SECONDS, 60),
      maxReadingAgeMinutes: int(env.ALARM_MAX_READING_AGE_MINUTES, 60),
    },
    strategy: {
      deliveryTimeoutMs: int(env.STRATEGY_DELIVERY_TIMEOUT_SECONDS, 15) * 1000,
    },
    firmware: {
      stepTimeoutMs: int(env.FIRMWARE_STEP_TIMEOUT_SECONDS, 120) * 1000,
      tokenTtlMs: int(env.FIRMWARE_TOKEN_TTL_SECONDS, 900) * 1000,
    },
    bsaRemote: {
      answerTimeoutMs: Math.max(1, int(env.BSA_REMOTE_TIMEOUT_SECONDS, 30)) * 1000,
    },
    security: {
      frameAncestors: frameAncestors(env.FRAME_ANCESTORS),
      rateWindowSeconds: Math.max(1, int(env.RATE_LIMIT_WINDOW_SECONDS, 60)),
      rateLimits: {
        heavy: rateLimit(env, 'RATE_LIMIT_HEAVY', 120, 600),
        export: rateLimit(env, 'RATE_LIMIT_EXPORT', 10, 30),
        import: rateLimit(env, 'RATE_LIMIT_IMPORT', 10, 30),
        upload: rateLimit(env, 'RATE_LIMIT_UPLOAD', 30, 120),
      },
      heavyConcurrency: Math.max(1, int(env.HEAVY_CONCURRENCY_PER_USER, 4)),
      heavyWaitMs: int(env.HEAVY_QUEUE_WAIT_MS, 2000),
      uploadQuotaBytes: int(env.UPLOAD_QUOTA_MB, 1024) * 1024 * 1024,
      orphanGraceHours: int(env.ORPHAN_FILE_GRACE_HOURS, 24),
      orphanSweepMinutes: Math.max(1, int(env.ORPHAN_SWEEP_MINUTES, 60)),
    },
    errorReport: errorReport(env),
    ...overrides,
  };
}
