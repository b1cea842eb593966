import { Client, type IFrame, type IMessage, type StompConfig } from '@stomp/stompjs';
import { WebSocket } from 'ws';

/** Waits until `check` holds. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5_000, what = 'a condition') {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The /ws/platform URL of an app listening at `httpUrl`. */
export const wsUrlOf = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/ws/platform`;

export interface StompTestClient {
  client: Client;
  /** Resolves with CONNECTED; rejects with the ERROR frame's message or when the socket closes first. */
  connected: Promise<IFrame>;
  /** The first ERROR frame. */
  error: Promise<IFrame>;
  /** The WebSocket's close code. */
  closed: Promise<number>;
  messages: IMessage[];
  socket(): WebSocket;
}

/**
 * The real @stomp/stompjs client over `ws`, as the browser uses it: the SESSION cookie goes with the
 * upgrade, the jwtToken value in the GT header of CONNECT. No reconnecting.
 */
export function stompClient(
  url: string,
  auth: { cookie?: string; token?: string },
  config: StompConfig = {},
  protocols = ['v12.stomp'],
): StompTestClient {
  let ws: WebSocket | undefined;
  const messages: IMessage[] = [];
  let onConnected!: (f: IFrame) => void;
  let onFailed!: (e: Error) => void;
  let onError!: (f: IFrame) => void;
  let onClosed!: (code: number) => void;
  const connected = new Promise<IFrame>((resolve, reject) => ((onConnected = resolve), (onFailed = reject)));
  const error = new Promise<IFrame>((resolve) => (onError = resolve));
  const closed = new Promise<number>((resolve) => (onClosed = resolve));
  connected.catch(() => {}); // callers that expect a failure await `error` instead
  const client = new Client({
    webSocketFactory: () => (ws = new WebSocket(url, protocols, { headers: auth.cookie ? { cookie: auth.cookie } : {} })),
    connectHeaders: auth.token !== undefined ? { GT: auth.token } : {},
    reconnectDelay: 0,
    debug: () => {},
    onConnect: (frame) => onConnected(frame),
    onStompError: (frame) => {
      onError(frame);
      onFailed(new Error(`STOMP ERROR: ${frame.headers.message}`));
    },
    onWebSocketClose: (event: { code: number }) => {
      onClosed(event.code);
      onFailed(new Error(`socket closed: ${event.code}`));
    },
    ...config,
  });
  client.activate();
  return { client, connected, error, closed, messages, socket: () => ws! };
}

export interface RawFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

const unescape = (s: string) => s.replace(/\\([rnc\\])/g, (_, c: string) => ({ r: '\r', n: '\n', c: ':', '\\': '\\' })[c]!);

/** Reads one server frame (first header wins; headers unescaped but in CONNECTED). */
export function parseFrame(text: string): RawFrame {
  const end = text.indexOf('\n\n');
  const [command, ...lines] = text.slice(0, end).split('\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const [name, value] = [line.slice(0, colon), line.slice(colon + 1)];
    if (!(name in headers)) headers[name] = command === 'CONNECTED' ? value : unescape(value);
  }
  return { command: command!, headers, body: text.slice(end + 2).replace(/\0$/, '') };
}

export interface RawClient {
  ws: WebSocket;
  /** Frames received so far (heart-beats counted apart). */
  frames: RawFrame[];
  heartbeats: number;
  /** Waits for the next frame not read yet. */
  next(ms?: number): Promise<RawFrame>;
  closed: Promise<{ code: number; at: number }>;
  send(data: string | Buffer): void;
}

/** A bare WebSocket client speaking STOMP by hand, for what stompjs would never send. */
export async function rawClient(url: string, cookie?: string, protocols: string[] = ['v12.stomp']): Promise<RawClient> {
  const ws = new WebSocket(url, protocols, { headers: cookie ? { cookie } : {} });
  const frames: RawFrame[] = [];
  let read = 0;
  const raw: RawClient = {
    ws,
    frames,
    heartbeats: 0,
    async next(ms = 3_000) {
      await until(() => frames.length > read, ms, 'a frame');
      return frames[read++]!;
    },
    closed: new Promise((resolve) => ws.on('close', (code) => resolve({ code, at: Date.now() }))),
    send: (data) => ws.send(data),
  };
  ws.on('message', (data: Buffer) => {
    const text = data.toString();
    if (text === '\n' || text === '\r\n') raw.heartbeats++;
    else frames.push(parseFrame(text));
  });
  ws.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return raw;
}

/** A CONNECT frame for raw clients. */
export const connectFrame = (token: string, heartBeat = '0,0', extra = '') =>
  `CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:${heartBeat}\nGT:${token}\n${extra}\n\0`;
