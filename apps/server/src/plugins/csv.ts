import type { FastifyReply } from 'fastify';

/** One CSV field: quoted when needed; a leading =, +, - or @ is neutralised so spreadsheets do not run it. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Sends a CSV download (UTF-8 with BOM, CRLF lines) named `{name}-{today}.csv`. */
export function sendCsv(reply: FastifyReply, name: string, header: readonly string[], rows: readonly (readonly unknown[])[]) {
  const lines = [header.map(csvField).join(','), ...rows.map((r) => r.map(csvField).join(','))];
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`)
    .send('\ufeff' + lines.join('\r\n') + '\r\n');
}
