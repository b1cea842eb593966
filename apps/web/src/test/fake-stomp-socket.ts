/**
 * A WebSocket stand-in for unit tests of the STOMP client: each instance plays a STOMP 1.2 server over
 * an in-memory socket (CONNECTED for a CONNECT the test accepts, RECEIPT for a DISCONNECT), records the
 * frames the client sends, and lets the test push MESSAGE frames or drop the connection. The real
 * @stomp/stompjs client runs against it. Only test code uses it.
 */

export interface SentFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

function parseFrame(raw: string): SentFrame | null {
  const text = raw.replace(/\0$/, '');
  if (text.trim() === '') return null; // a heart-beat
  const [head, ...rest] = text.split('\n\n');
  const [command, ...lines] = head!.replace(/^\n+/, '').split('\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0 && !(line.slice(0, i) in headers)) headers[line.slice(0, i)] = line.slice(i + 1);
  }
  return { command: command!, headers, body: rest.join('\n\n') };
}

const frame = (command: string, headers: Record<string, string>, body = '') =>
  `${command}\n${Object.entries(headers)
    .map(([k, v]) => `${k}:${v}`)
    .join('\n')}\n\n${body}\0`;

export class FakeStompSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket opened since the last `reset()`, oldest first. */
  static opened: FakeStompSocket[] = [];
  /** Whether a CONNECT is answered with CONNECTED (else ERROR and close). */
  static accept: (headers: Record<string, string>) => boolean = () => true;
  static reset() {
    FakeStompSocket.opened = [];
    FakeStompSocket.accept = () => true;
  }

  readyState = FakeStompSocket.CONNECTING;
  binaryType = 'blob';
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  readonly frames: SentFrame[] = [];
  private messageCount = 0;

  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    FakeStompSocket.opened.push(this);
    setTimeout(() => {
      if (this.readyState !== FakeStompSocket.CONNECTING) return;
      this.readyState = FakeStompSocket.OPEN;
      this.onopen?.({});
    }, 0);
  }

  send(data: string) {
    const f = parseFrame(String(data));
    if (!f) return;
    this.frames.push(f);
    if (f.command === 'CONNECT' || f.command === 'STOMP') {
      if (FakeStompSocket.accept(f.headers)) this.reply(frame('CONNECTED', { version: '1.2', 'heart-beat': '0,0' }));
      else {
        this.reply(frame('ERROR', { message: 'not signed in' }, 'not signed in'));
        this.drop(1008);
      }
    } else if (f.command === 'DISCONNECT' && f.headers.receipt) {
      this.reply(frame('RECEIPT', { 'receipt-id': f.headers.receipt }));
    }
  }

  close() {
    if (this.readyState === FakeStompSocket.CLOSED) return;
    this.readyState = FakeStompSocket.CLOSING;
    setTimeout(() => this.drop(1000), 0);
  }

  /** The connection ends (the server went away, or the network). */
  drop(code = 1006) {
    if (this.readyState === FakeStompSocket.CLOSED) return;
    this.readyState = FakeStompSocket.CLOSED;
    this.onclose?.({ code, reason: '', wasClean: code === 1000 });
  }

  /** The destinations the client subscribed to on this socket. */
  subscriptions(): string[] {
    return this.frames.filter((f) => f.command === 'SUBSCRIBE').map((f) => f.headers.destination!);
  }

  /** Sends a MESSAGE to the subscription of `destination`. */
  push(destination: string, body: string) {
    const sub = this.frames.find((f) => f.command === 'SUBSCRIBE' && f.headers.destination === destination);
    if (!sub) throw new Error(`not subscribed to ${destination}`);
    this.reply(
      frame(
        'MESSAGE',
        { destination, subscription: sub.headers.id!, 'message-id': String(++this.messageCount), 'content-type': 'application/json' },
        body,
      ),
    );
  }

  private reply(data: string) {
    setTimeout(() => {
      if (this.readyState === FakeStompSocket.OPEN) this.onmessage?.({ data });
    }, 0);
  }
}
