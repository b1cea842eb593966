import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { ErrorCode, files as contract } from '@energy/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { StaffCtx } from '../../plugins/context.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { tenant } from '../tenancy/tenancy.schema.js';
import { fileUrl } from './file-url.js';
import { file } from './files.schema.js';

const { FILE_LIMITS } = contract;
const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  zip: 'application/zip',
};
const INLINE = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf']);
const ACCEPTED = new Set<string>(Object.values(FILE_LIMITS.groups).flat());

/** Does the file's first bytes match what its extension claims? */
export function contentMatches(ext: string, head: Buffer): boolean {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  switch (ext) {
    case 'png':
      return starts(0x89, 0x50, 0x4e, 0x47);
    case 'jpg':
    case 'jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'gif':
      return head.subarray(0, 4).toString('latin1') === 'GIF8';
    case 'webp':
      return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
    case 'pdf':
      return head.subarray(0, 5).toString('latin1') === '%PDF-';
    case 'docx':
    case 'xlsx':
    case 'zip':
      return starts(0x50, 0x4b, 0x03, 0x04);
    case 'doc':
    case 'xls':
      return starts(0xd0, 0xcf, 0x11, 0xe0);
    case 'csv':
    case 'txt':
      return !head.includes(0);
    default:
      return false;
  }
}

/** A tenant's file-center row by key, or undefined (for the calls that name an uploaded file). */
export async function fileOfTenant(db: Db, tenantId: string, key: string) {
  const [row] = await db
    .select()
    .from(file)
    .where(and(eq(file.key, key), eq(file.tenantId, tenantId)));
  return row;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;

/** The file center: uploads stored on disk under the data folder, read back by the same tenant only. */
export class FilesService {
  constructor(
    private readonly system: Db,
    readonly root: string,
    /** Bytes of stored files one tenant may hold (UPLOAD_QUOTA_MB). */
    private readonly quotaBytes: number = Number.MAX_SAFE_INTEGER,
  ) {}

  private pathOf(tenantId: string, key: string) {
    return path.join(this.root, tenantId, key);
  }

  /** Bytes the tenant's files take (row-level security limits the sum to the tenant). */
  private async usedBytes(tx: Db, tenantId: string): Promise<number> {
    const [row] = await tx
      .select({ used: sql<string>`coalesce(sum(${file.size}), 0)` })
      .from(file)
      .where(eq(file.tenantId, tenantId));
    return Number(row?.used ?? 0);
  }

  /** 40005 naming the quota when `incoming` more bytes do not fit; uploads of one tenant take turns here. */
  private async checkQuota(tx: Db, tenantId: string, incoming: number) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'file-quota:' + tenantId}))`);
    const used = await this.usedBytes(tx, tenantId);
    if (used + Math.max(incoming, 1) > this.quotaBytes) {
      throw new AppError(
        ErrorCode.QUOTA_EXCEEDED,
        `The upload quota of ${mb(this.quotaBytes)} per tenant is used up: ${mb(used)} are stored${incoming ? `, this file is ${mb(incoming)}` : ''}. Remove files that are no longer used or ask the platform operator to raise UPLOAD_QUOTA_MB.`,
      );
    }
  }

  async upload(ctx: StaffCtx, req: FastifyRequest) {
    if (!req.isMultipart()) throw new AppError(ErrorCode.MALFORMED_BODY, 'file: send multipart/form-data with a field named file');
    const part = await req.file({ limits: { fileSize: FILE_LIMITS.maxBytes, files: 1 } });
    if (!part || part.fieldname !== 'file') throw new AppError(ErrorCode.VALIDATION, 'file: is required (multipart field named file)');
    const name = path.basename(part.filename || '').slice(0, 200);
    const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
    if (!name || !ACCEPTED.has(ext)) {
      part.file.resume();
      throw new AppError(ErrorCode.UNSUPPORTED_FILE_TYPE, `upload the correct file format (accepted: ${[...ACCEPTED].join(', ')})`);
    }
    // a tenant already at its quota is refused before the bytes are written
    if ((await this.usedBytes(ctx.tx, ctx.staff.tenantId)) >= this.quotaBytes) {
      part.file.resume();
      await this.checkQuota(ctx.tx, ctx.staff.tenantId, 0);
    }
    const key = randomBytes(18).toString('base64url');
    const target = this.pathOf(ctx.staff.tenantId, key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let head = Buffer.alloc(0);
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        size += chunk.length;
        if (head.length < 4096) head = Buffer.concat([head, chunk.subarray(0, 4096 - head.length)]);
        done(null, chunk);
      },
    });
    try {
      await pipeline(part.file, tap, fs.createWriteStream(target, { flags: 'wx' }));
      if (part.file.truncated) {
        throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `the file size must not exceed ${FILE_LIMITS.maxBytes / 1024 / 1024}M`);
      }
      if (size === 0) throw new AppError(ErrorCode.VALIDATION, 'file: is empty');
      if (!contentMatches(ext, head))
        throw new AppError(ErrorCode.UNSUPPORTED_FILE_TYPE, `upload the correct file format: the content is not a .${ext} file`);
      await this.checkQuota(ctx.tx, ctx.staff.tenantId, size);
      const contentType = CONTENT_TYPES[ext]!;
      await ctx.tx.insert(file).values({
        key,
        tenantId: ctx.staff.tenantId,
        name,
        contentType,
        size,
        sha256: hash.digest('hex'),
        uploadedBy: ctx.user.muid,
        staffId: ctx.staff.id,
      });
      return { key, name, size, contentType, url: fileUrl(key)! };
    } catch (error) {
      await fs.promises.rm(target, { force: true });
      throw error;
    }
  }

  /** Streams the file; another tenant's key is simply not found (row-level security hides the row). */
  async get(ctx: StaffCtx, key: string, reply: FastifyReply) {
    const row = await fileOfTenant(ctx.tx, ctx.staff.tenantId, key);
    if (!row) throw notFound('The file');
    const location = this.pathOf(row.tenantId, row.key);
    const stat = await fs.promises.stat(location).catch(() => null);
    if (!stat) throw notFound('The file');
    const ext = row.name.split('.').pop()!.toLowerCase();
    const disposition = INLINE.has(ext) ? 'inline' : 'attachment';
    return reply
      .header('content-type', row.contentType)
      .header('content-length', stat.size)
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(row.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(fs.createReadStream(location));
  }

  async defaultKeys(ctx: StaffCtx) {
    const [row] = await ctx.tx.select({ iconKey: tenant.iconKey }).from(tenant).where(eq(tenant.id, ctx.staff.tenantId));
    return { platformIcon: row?.iconKey ?? null, headPic: null };
  }

  /** Stores a file the platform itself provides (seed assets), owner connection. */
  async storeSystemFile(tenantId: string, name: string, contentType: string, bytes: Buffer) {
    const key = randomBytes(18).toString('base64url');
    const target = this.pathOf(tenantId, key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.writeFile(target, bytes);
    await this.system.insert(file).values({
      key,
      tenantId,
      name,
      contentType,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    return key;
  }
}
