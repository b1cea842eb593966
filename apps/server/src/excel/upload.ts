import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ErrorCode, files } from '@energy/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../plugins/errors.js';
import { tableFormatOf, type TableFormat } from './read.js';

/**
 * Receives the multipart field `file` (an .xlsx or .csv file, at most the file-center size) into
 * `target` + its extension; answers where it is and its format. A refused upload leaves nothing behind.
 */
export async function receiveTable(req: FastifyRequest, target: string): Promise<{ file: string; format: TableFormat; name: string }> {
  if (!req.isMultipart()) throw new AppError(ErrorCode.MALFORMED_BODY, 'file: send multipart/form-data with a field named file');
  const part = await req.file({ limits: { fileSize: files.FILE_LIMITS.maxBytes, files: 1 } });
  if (!part || part.fieldname !== 'file') throw new AppError(ErrorCode.VALIDATION, 'file: is required (multipart field named file)');
  const name = path.basename(part.filename || '').slice(0, 200);
  let format: TableFormat;
  try {
    format = tableFormatOf(name);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const file = `${target}.${format}`;
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  try {
    await pipeline(part.file, fs.createWriteStream(file, { flags: 'wx' }));
    if (part.file.truncated)
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `the file size must not exceed ${files.FILE_LIMITS.maxBytes / 1024 / 1024}M`);
    const { size } = await fs.promises.stat(file);
    if (size === 0) throw new AppError(ErrorCode.VALIDATION, 'file: is empty');
    const head = Buffer.alloc(4);
    const fh = await fs.promises.open(file, 'r');
    await fh.read(head, 0, 4, 0).finally(() => fh.close());
    const zip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
    if (format === 'xlsx' ? !zip : head.includes(0))
      throw new AppError(ErrorCode.UNSUPPORTED_FILE_TYPE, `upload the correct file format: the content is not a .${format} file`);
    return { file, format, name };
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    throw error;
  }
}
