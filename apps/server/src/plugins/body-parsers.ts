import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { files } from '@energy/contracts';
import type { FastifyInstance } from 'fastify';
import sjson from 'secure-json-parse';

/**
 * JSON (an empty body counts as no body, since the spec's "none" calls are POSTs; __proto__ and
 * constructor keys are refused), URL-encoded forms, and multipart uploads with the file-center limits.
 */
export async function installBodyParsers(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      const error = new SyntaxError('malformed JSON') as SyntaxError & { statusCode: number };
      error.statusCode = 400;
      done(error, undefined);
    }
  });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, {
    limits: { fileSize: files.FILE_LIMITS.maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 64 * 1024 },
  });
}
