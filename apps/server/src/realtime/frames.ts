/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html): a parser for what clients
 * send, byte by byte across WebSocket messages, and an encoder for what the server sends.
 *
 *   COMMAND EOL (header-name ":" header-value EOL)* EOL body NUL, with heart-beat EOLs between frames.
 */

/** A frame as the client sent it. Repeated headers: the first one counts (STOMP 1.2). */
export interface Frame {
  command: string;
  headers: Map<string, string>;
  body: Buffer;
}

/** Malformed input: the connection gets an ERROR frame with this message and is closed. */
export class FrameError extends Error {}

/** Every command a STOMP 1.2 client may send; anything else is refused at once. */
export const CLIENT_COMMANDS = new Set([
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
]);
const LONGEST_COMMAND = 12; // 'UNSUBSCRIBE' and a CR
const MAX_HEADERS = 64;

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Turns the bytes of one connection into frames. Holds at most one unfinished frame, and never more
 * than `maxFrameBytes` of it: a bigger frame is an error before it is complete.
 */
export class FrameParser {
  private buf: Buffer = Buffer.alloc(0);

  constructor(private readonly maxFrameBytes: number) {}

  /** Adds bytes; returns the frames they complete. Throws FrameError on malformed input. */
  push(chunk: Buffer): Frame[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const frames: Frame[] = [];
    let at = 0;
    for (;;) {
      at = skipEols(this.buf, at);
      if (at >= this.buf.length) break;
      const parsed = this.parseOne(at);
      if (!parsed) break;
      frames.push(parsed.frame);
      at = parsed.end;
    }
    const rest = this.buf.subarray(at);
    if (rest.length > this.maxFrameBytes) throw new FrameError(`frame too large: the limit is ${this.maxFrameBytes} bytes`);
    // keep a copy of a small tail rather than the whole chunk it points into
    this.buf = rest.length && rest.length < chunk.length / 2 ? Buffer.from(rest) : rest;
    return frames;
  }

  /** One frame starting at `start`, or null when its bytes have not all arrived. */
  private parseOne(start: number): { frame: Frame; end: number } | null {
    const buf = this.buf;
    const commandEnd = buf.indexOf(LF, start);
    if (commandEnd < 0) {
      if (buf.length - start > LONGEST_COMMAND) throw new FrameError('malformed frame: no STOMP command');
      return null;
    }
    const command = buf.toString('latin1', start, trimCr(buf, start, commandEnd));
    if (!CLIENT_COMMANDS.has(command)) throw new FrameError(`unknown command: ${printable(command)}`);

    // headers, up to the empty line
    const escaped = command !== 'CONNECT' && command !== 'STOMP';
    const headers = new Map<string, string>();
    let count = 0;
    let lineStart = commandEnd + 1;
    for (;;) {
      const lineEnd = buf.indexOf(LF, lineStart);
      if (lineEnd < 0) return null;
      const contentEnd = trimCr(buf, lineStart, lineEnd);
      if (contentEnd === lineStart) {
        lineStart = lineEnd + 1;
        break;
      }
      if (++count > MAX_HEADERS) throw new FrameError(`too many headers: the limit is ${MAX_HEADERS}`);
      let line: string;
      try {
        line = utf8.decode(buf.subarray(lineStart, contentEnd));
      } catch {
        throw new FrameError('malformed header: not UTF-8');
      }
      const colon = line.indexOf(':');
      if (colon <= 0) throw new FrameError(`malformed header line: ${printable(line)}`);
      const name = escaped ? unescape(line.slice(0, colon)) : line.slice(0, colon);
      const value = escaped ? unescape(line.slice(colon + 1)) : line.slice(colon + 1);
      if (!headers.has(name)) headers.set(name, value);
      lineStart = lineEnd + 1;
    }

    // the body: content-length bytes then NUL, or up to the first NUL
    let bodyEnd: number;
    const length = headers.get('content-length');
    if (length !== undefined) {
      if (!/^\d{1,10}$/.test(length)) throw new FrameError(`malformed content-length: ${printable(length)}`);
      const n = Number(length);
      if (lineStart - start + n >= this.maxFrameBytes) throw new FrameError(`frame too large: the limit is ${this.maxFrameBytes} bytes`);
      bodyEnd = lineStart + n;
      if (buf.length <= bodyEnd) return null;
      if (buf[bodyEnd] !== NUL) throw new FrameError('content-length does not match the body: no NUL after it');
    } else {
      bodyEnd = buf.indexOf(NUL, lineStart);
      if (bodyEnd < 0) return null;
    }
    if (bodyEnd + 1 - start > this.maxFrameBytes) throw new FrameError(`frame too large: the limit is ${this.maxFrameBytes} bytes`);
    return { frame: { command, headers, body: buf.subarray(lineStart, bodyEnd) }, end: bodyEnd + 1 };
  }
}

function skipEols(buf: Buffer, at: number): number {
  for (;;) {
    if (buf[at] === LF) at += 1;
    else if (buf[at] === CR && buf[at + 1] === LF) at += 2;
    else return at;
  }
}

/** The end of a line's content: before a CR that ends it. */
const trimCr = (buf: Buffer, start: number, lf: number) => (lf > start && buf[lf - 1] === CR ? lf - 1 : lf);

const printable = (s: string) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}...` : s);

const ESCAPES: Record<string, string> = { r: '\r', n: '\n', c: ':', '\\': '\\' };

/** STOMP 1.2 header unescaping; an undefined escape sequence is a fatal error. */
function unescape(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(/\\(.?)/g, (_, c: string) => {
    const out = ESCAPES[c];
    if (out === undefined) throw new FrameError(`malformed header: undefined escape \\${c}`);
    return out;
  });
}

/** STOMP 1.2 header escaping (not used in CONNECT and CONNECTED frames). */
export function escapeHeader(s: string): string {
  return /[\r\n:\\]/.test(s) ? s.replace(/[\r\n:\\]/g, (c) => (c === '\r' ? '\\r' : c === '\n' ? '\\n' : c === ':' ? '\\c' : '\\\\')) : s;
}

/** A server frame; content-length is added when there is a body. */
export function encodeFrame(command: string, headers: Record<string, string>, body = ''): Buffer {
  const escaped = command !== 'CONNECTED';
  let head = `${command}\n`;
  for (const [name, value] of Object.entries(headers))
    head += escaped ? `${escapeHeader(name)}:${escapeHeader(value)}\n` : `${name}:${value}\n`;
  if (body) head += `content-length:${Buffer.byteLength(body)}\n`;
  return Buffer.from(`${head}\n${body}\0`);
}

/**
 * A MESSAGE frame built once per publish: everything but the `subscription` and `message-id` headers,
 * which differ per subscriber and go between `head` and `tail`.
 */
export interface PreparedMessage {
  destination: string;
  head: Buffer;
  tail: Buffer;
}

export function prepareMessage(destination: string, json: string): PreparedMessage {
  const body = Buffer.from(json);
  return {
    destination,
    head: Buffer.from(`MESSAGE\ndestination:${escapeHeader(destination)}\ncontent-type:application/json\ncontent-length:${body.length}\n`),
    tail: Buffer.concat([Buffer.from('\n'), body, Buffer.from([NUL])]),
  };
}

/** The frame for one subscriber. */
export function messageFrame(message: PreparedMessage, subscription: string, messageId: string): Buffer {
  const ids = Buffer.from(`subscription:${escapeHeader(subscription)}\nmessage-id:${messageId}\n`);
  return Buffer.concat([message.head, ids, message.tail], message.head.length + ids.length + message.tail.length);
}
