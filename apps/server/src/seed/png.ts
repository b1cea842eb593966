import zlib from 'node:zlib';

/** A small RGBA PNG of a filled circle on a rounded square: the demo tenants' platform icons. */
export function iconPng(size: number, background: [number, number, number], foreground: [number, number, number]): Buffer {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const c = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const i = y * (size * 4 + 1) + 1 + x * 4;
      const r = Math.hypot(x - c, y - c);
      const corner = Math.max(Math.abs(x - c), Math.abs(y - c)) > c - 1 && r > c * 1.25;
      const [red, green, blue] = r < size * 0.28 ? foreground : background;
      raw[i] = red;
      raw[i + 1] = green;
      raw[i + 2] = blue;
      raw[i + 3] = corner ? 0 : 255;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
