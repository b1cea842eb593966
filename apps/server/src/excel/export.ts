import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { csvField } from '../plugins/csv.js';
import { cellOf, DATETIME_FORMAT, headerOf, zonedText, type Column, type Lang, type Localized } from './columns.js';

// Exports stream: rows arrive in batches (a keyset query per batch), each batch is written to a temporary
// file (exceljs' streaming WorkbookWriter, or CSV lines) and dropped, and the finished file is sent. So
// memory stays flat however many rows there are, and the request's transaction ends before the send.

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ExportSpec<R> {
  /** The file name's stem (`devices` gives `devices-2026-11-25.xlsx`). */
  name: string;
  sheet: Localized;
  columns: Column<R>[];
  lang: Lang;
  timeZone: string;
  format: 'xlsx' | 'csv';
  /** The rows, a batch at a time. */
  batches: AsyncIterable<R[]>;
}

/** A path for a temporary file (removed by `sendFile`, or by the caller). */
export function tempFile(ext: string): string {
  return path.join(os.tmpdir(), `energy-${process.pid}-${randomBytes(8).toString('hex')}.${ext}`);
}

/** Writes the export to `file`; answers the number of data rows. */
export async function writeExport<R>(file: string, spec: ExportSpec<R>): Promise<number> {
  return spec.format === 'csv' ? writeCsv(file, spec) : writeXlsx(file, spec);
}

async function writeXlsx<R>(file: string, spec: ExportSpec<R>): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(spec.sheet[spec.lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = spec.columns.map((c) => ({
    key: c.key,
    header: headerOf(c, spec.lang),
    width: c.width ?? 16,
    style:
      c.type.kind === 'datetime' ? { numFmt: DATETIME_FORMAT } : c.type.kind === 'number' && c.type.numFmt ? { numFmt: c.type.numFmt } : {},
  }));
  ws.getRow(1).font = { bold: true };
  let n = 0;
  for await (const batch of spec.batches) {
    for (const row of batch) ws.addRow(spec.columns.map((c) => cellOf(c, row, spec.lang, spec.timeZone, 'xlsx'))).commit();
    n += batch.length;
  }
  ws.commit();
  await wb.commit();
  return n;
}

async function writeCsv<R>(file: string, spec: ExportSpec<R>): Promise<number> {
  const out = fs.createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  let n = 0;
  try {
    await write('\ufeff' + spec.columns.map((c) => csvField(headerOf(c, spec.lang))).join(',') + '\r\n');
    for await (const batch of spec.batches) {
      const lines = batch.map((row) => spec.columns.map((c) => csvField(cellOf(c, row, spec.lang, spec.timeZone, 'csv'))).join(','));
      await write(lines.join('\r\n') + (lines.length ? '\r\n' : ''));
      n += batch.length;
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return n;
}

/** Sends a finished file as a download; the file is unlinked at once (the open handle keeps it readable). */
export async function sendFile(reply: FastifyReply, file: string, downloadName: string, contentType: string) {
  const handle = await fs.promises.open(file, 'r');
  const { size } = await handle.stat();
  await fs.promises.rm(file, { force: true });
  return reply
    .header('content-type', contentType)
    .header('content-length', size)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(handle.createReadStream());
}

/** Writes the export to a temporary file and sends it, as XLSX or CSV. */
export async function sendExport<R>(reply: FastifyReply, spec: ExportSpec<R>) {
  const file = tempFile(spec.format);
  try {
    await writeExport(file, spec);
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    throw error;
  }
  // the date of the file is the tenant's today (its zone is the one of the times inside), not UTC's
  const name = `${spec.name}-${zonedText(new Date(), spec.timeZone).slice(0, 10)}.${spec.format}`;
  return sendFile(reply, file, name, spec.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE);
}

/** Batches of a keyset-paged query: `next(after)` answers up to `size` rows after the last one's key. */
export async function* keysetBatches<R, K>(next: (after: K | undefined, size: number) => Promise<R[]>, keyOf: (row: R) => K, size = 1000) {
  let after: K | undefined;
  for (;;) {
    const rows = await next(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

/** The batches' first `max` rows. */
export async function* upTo<R>(batches: AsyncIterable<R[]>, max: number) {
  let left = max;
  for await (const batch of batches) {
    if (left <= 0) return;
    yield batch.length > left ? batch.slice(0, left) : batch;
    left -= batch.length;
  }
}

/** Batches of an offset-paged query, for lists without a unique sort key; stops at `limit` rows. */
export async function* offsetBatches<R>(next: (offset: number, size: number) => Promise<R[]>, limit: number, size = 1000) {
  for (let offset = 0; offset < limit; offset += size) {
    const rows = await next(offset, Math.min(size, limit - offset));
    if (rows.length) yield rows;
    if (rows.length < Math.min(size, limit - offset)) return;
  }
}
