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
  login: { maxFailures: number; windowMinutes: number; lockMinutes: number };
  bodyLimitBytes: number;
  logLevel: string;
  webDist: string;
}

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // npm runs workspace scripts in the workspace folder; INIT_CWD is where `npm start` was typed
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
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
    },
    bodyLimitBytes: int(env.BODY_LIMIT_BYTES, 1024 * 1024),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    ...overrides,
  };
}
