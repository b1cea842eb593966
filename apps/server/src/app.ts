import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorCode } from '@energy/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createServices, domainRoutes, type Services } from './domains/index.js';
import { startOrphanSweep } from './domains/files/files-sweep.js';
import { JOB_FILE_DAYS } from './domains/jobs/jobs.service.js';
import { TelemetryIngest } from './domains/telemetry/ingest/ingest.js';
import { installBodyParsers } from './plugins/body-parsers.js';
import { installErrorHandler } from './plugins/error-handler.js';
import { installLimits } from './plugins/limits.js';
import { hardenDocument, OperationIndex } from './plugins/openapi-hardening.js';
import { installSecurityHeaders } from './plugins/security-headers.js';
import { installWebSettings } from './plugins/web-settings.js';
import { createRegistry } from './plugins/registry.js';
import { registerStomp } from './realtime/stomp-server.js';

export interface App {
  app: FastifyInstance;
  services: Services;
  /** The telemetry ingest (MQTT broker, batch writer, retention); stopped by `app.close()`. */
  ingest: TelemetryIngest;
}

/** Builds the whole server: parsers, OpenAPI, every domain's routes, and the web app when built. */
export async function buildApp(config: Config, database: Database, opts: { logger?: boolean } = {}): Promise<App> {
  const operations = new OperationIndex();
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: process.env.TRUST_PROXY === '1',
    routerOptions: { maxParamLength: 200 },
    // a URL Fastify cannot route (bad percent-encoding, over-long parameter) still gets the envelope
    frameworkErrors: (error, _req, reply: FastifyReply) => {
      reply.code(400).send({ code: ErrorCode.MALFORMED_BODY, data: null, msg: `The request URL is malformed: ${error.message}` });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Input is validated by the registry (after the sign-in check); the schemas here feed OpenAPI and
  // check every answer against its contract on the way out.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(serializerCompiler);

  await installSecurityHeaders(app, {
    frameAncestors: config.security.frameAncestors,
    https: config.secureCookies,
    // the web app posts its errors to the configured collector (docs/error-reporting.md)
    connectTo: config.errorReport ? [new URL(config.errorReport.url).origin] : [],
  });
  await app.register(cookie);
  await installBodyParsers(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Energy platform API',
        version: '0.1.0',
        description:
          'Every /api answer is an envelope {code, data, msg}; code 0 is success. Sign in with POST /server/login, then send the jwtToken cookie value back in a jwtToken header. See docs/api.md for the error codes.',
      },
      components: {
        securitySchemes: {
          jwtToken: {
            type: 'apiKey',
            in: 'header',
            name: 'jwtToken',
            description: 'The value of the jwtToken cookie set by POST /server/login',
          },
          session: { type: 'apiKey', in: 'cookie', name: 'SESSION' },
        },
      },
      security: [{ jwtToken: [], session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => hardenDocument(jsonSchemaTransformObject(input), operations),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  // the server's settings for the web app, loaded by index.html before the app (plugins/web-settings.ts)
  installWebSettings(app, config.errorReport);

  installErrorHandler(app, { webFallback: await serveWeb(app, config.webDist) });

  const services = createServices(database.system, config);
  await services.catalogue.load();
  // rate limits of expensive calls, counted in Redis across processes when REDIS_URL is set (docs/security.md)
  const limits = await installLimits(
    app,
    config.security,
    config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined,
  );
  const registry = createRegistry(app, {
    db: database.system,
    requestTransaction: database.requestTransaction,
    sessions: services.sessions,
    audit: services.audit,
    limits,
  });
  const route: typeof registry = (endpoint, handler) => {
    operations.add(endpoint);
    registry(endpoint, handler);
  };
  for (const register of domainRoutes) register(route, services);

  // Pushes: STOMP over WebSocket at /ws/platform, fanned out through Redis when REDIS_URL is set
  // (docs/realtime.md). Closing the app ends every socket (with an ERROR frame) and leaves Redis.
  app.addHook('preClose', () => services.push.close());
  await services.push.start(app.log);
  await registerStomp(app, { hub: services.push, sessions: services.sessions, config: config.realtime });
  // the OCPP 1.6J central system at /ocpp/{chargePointId}, behind the same upgrade dispatch (docs/charging.md)
  services.ocppCentral.mount(app);

  // Background work for every tenant, on the owner connection (docs/devices.md): started last, so a
  // failure to start it leaves nothing behind but the app, which the caller closes.
  const stopSweep = startOrphanSweep(
    database.system,
    services.files.root,
    {
      everyMinutes: config.security.orphanSweepMinutes,
      graceHours: config.security.orphanGraceHours,
      // import jobs' files: kept JOB_FILE_DAYS after the job finished (the problems workbook), then removed
      also: async () => {
        const removed = await services.jobs.sweepFiles(new Date(Date.now() - JOB_FILE_DAYS * 86_400_000));
        if (removed) app.log.info({ removed }, 'jobs: removed files of finished jobs');
      },
    },
    app.log,
  );
  app.addHook('onClose', stopSweep);
  // line-loss alarm rules over closed days and months (docs/line-loss.md)
  app.addHook('onClose', services.lineLossAlarms.start(15, app.log));
  const ingest = new TelemetryIngest(database.system, config.ingest, services.devices, app.log, services.ingestListeners);
  app.addHook('onClose', () => ingest.stop());
  await ingest.start();

  return { app, services, ingest };
}

/**
 * The built single-page app: its files, and index.html for any other GET outside /api, /server and /ws
 * (client-side routes). Returns the not-found fallback, or nothing when the app is not built.
 */
async function serveWeb(app: FastifyInstance, dist: string) {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return undefined;
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  return (req: FastifyRequest, reply: FastifyReply): boolean => {
    const url = req.url.split('?')[0]!;
    if (req.method !== 'GET' || /^\/(api|server|ws)(\/|$)/.test(url)) return false;
    const file = path.join(dist, url);
    if (file.startsWith(dist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      reply.sendFile(path.relative(dist, file));
    } else {
      reply.type('text/html; charset=utf-8').send(fs.createReadStream(index));
    }
    return true;
  };
}
