import { SourceMapConsumer } from 'source-map-js';

/**
 * Stack frames back to source lines through the build's hidden source maps (vite `build.sourcemap:
 * 'hidden'`: `assets/x.js.map` next to each chunk, not named in it). Lazy: loaded only when an error
 * is reported, with source-map-js. A frame whose map cannot be fetched or read, or that names no
 * source, stays as the browser wrote it.
 */

/** `https://host/assets/x.js:line:column` in a V8 (`at f (...)`) or Firefox/Safari (`f@...`) frame. */
const FRAME = /(https?:\/\/[^\s()@]+?\.m?js)(?:\?[^\s():]*)?:(\d+):(\d+)/;

/** Frames resolved per report at most (the rest of the stack is sent as it is). */
const MAX_FRAMES = 20;

/** Gets a map as JSON, or null. */
export type FetchMap = (url: string) => Promise<unknown>;

const fetchMapOverHttp: FetchMap = async (url) => {
  const res = await fetch(url, { credentials: 'same-origin' });
  return res.ok ? res.json() : null;
};

/** `../../src/app/x.tsx` (relative to assets/) → `src/app/x.tsx`. */
const cleanSource = (source: string) => source.replace(/^(?:\.\.?\/)+/, '');

/**
 * A stack resolver with its own map cache. Only frames of `origin` (this app's chunks) are resolved:
 * a map of another origin is neither allowed by the CSP nor ours.
 */
export function createStackResolver(origin: string, fetchMap: FetchMap = fetchMapOverHttp) {
  const maps = new Map<string, Promise<SourceMapConsumer | null>>();
  const consumerOf = (file: string) => {
    let map = maps.get(file);
    if (!map) {
      map = fetchMap(`${file}.map`)
        .then((raw) =>
          raw && typeof raw === 'object' ? new SourceMapConsumer(raw as ConstructorParameters<typeof SourceMapConsumer>[0]) : null,
        )
        .catch(() => null);
      maps.set(file, map);
    }
    return map;
  };

  /** One line of a stack, resolved when it is a frame of this origin with a readable map. */
  async function resolveLine(line: string): Promise<string> {
    const m = FRAME.exec(line);
    if (!m) return line;
    const [whole, file, lineNo, column] = m as unknown as [string, string, string, string];
    let sameOrigin = false;
    try {
      sameOrigin = new URL(file).origin === origin;
    } catch {
      /* not a URL */
    }
    if (!sameOrigin) return line;
    const consumer = await consumerOf(file);
    if (!consumer) return line;
    try {
      const pos = consumer.originalPositionFor({ line: Number(lineNo), column: Number(column) - 1 });
      if (!pos.source || pos.line === null || pos.column === null) return line;
      const place = `${cleanSource(pos.source)}:${pos.line}:${pos.column + 1}`;
      const resolved = line.replace(whole, place);
      // V8 names the function before the place: the original name when the map has one
      return pos.name ? resolved.replace(/^(\s*at\s+)[^\s(]+(\s+\()/, `$1${pos.name}$2`) : resolved;
    } catch {
      return line;
    }
  }

  /** The stack with its first frames resolved; never throws. */
  return async function resolveStack(stack: string): Promise<string> {
    const lines = stack.split('\n');
    let frames = 0;
    const out = await Promise.all(
      lines.map((line) => (FRAME.test(line) && frames++ < MAX_FRAMES ? resolveLine(line) : Promise.resolve(line))),
    );
    return out.join('\n');
  };
}
