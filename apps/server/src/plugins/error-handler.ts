import { ErrorCode, defaultErrorText, errorText } from '@energy/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { langOf } from '../excel/columns.js';
import { AppError } from './errors.js';

/** Fastify's own errors (parsing, limits, routing) mapped onto the error-code table. */
function fromFastify(error: FastifyError): AppError | null {
  const code = error.code ?? '';
  if (
    code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_FIELDS_LIMIT'
  ) {
    return new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The request is too large: ${error.message}`);
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(ErrorCode.MALFORMED_BODY, 'The request body has a content type this call does not accept');
  }
  if (
    code.startsWith('FST_ERR_CTP') ||
    error instanceof SyntaxError ||
    code === 'FST_PROTO_VIOLATION' ||
    code === 'FST_CONSTRUCTOR_VIOLATION'
  ) {
    return new AppError(ErrorCode.MALFORMED_BODY, 'The request body is malformed: it is not valid JSON or form data');
  }
  if (code === 'FST_ERR_VALIDATION') return new AppError(ErrorCode.VALIDATION, error.message);
  if (error.statusCode === 404) return new AppError(ErrorCode.NOT_FOUND, 'No such call');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError(ErrorCode.MALFORMED_BODY, error.message);
  return null;
}

/**
 * Every error leaves as the envelope `{code, data: null, msg}`; unexpected faults say nothing of their cause.
 * `msg` is in the call's language (the `lang` cookie): the throw sites write English, `errorText` gives
 * the Chinese of what it knows and leaves the rest English (docs/i18n.md, "Error messages").
 */
export function installErrorHandler(
  app: FastifyInstance,
  opts: { webFallback?: (req: FastifyRequest, reply: FastifyReply) => boolean } = {},
) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    // a database's unique violation arrives as an AppError already: the registry maps it (and audits its code)
    const known = error instanceof AppError ? error : fromFastify(error);
    if (known) {
      return reply.code(known.status).send({ code: known.code, data: null, msg: errorText(known.message, langOf(req)) });
    }
    req.log.error({ err: error }, 'unexpected fault');
    return reply.code(500).send({ code: ErrorCode.INTERNAL, data: null, msg: defaultErrorText(ErrorCode.INTERNAL, langOf(req)) });
  });
  app.setNotFoundHandler((req, reply) => {
    if (opts.webFallback?.(req, reply)) return reply;
    const msg = errorText(`No such call: ${req.method} ${req.url.split('?')[0]}`, langOf(req));
    return reply.code(404).send({ code: ErrorCode.NOT_FOUND, data: null, msg });
  });
}
