import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FcsFirmware, type FirmwareReport } from '../src/models/fcs-firmware.js';

// The simulated FCS's firmware updater against a plain HTTP server: the states it reports, the checksum check.
describe('simulated FCS firmware updates', () => {
  const pkg = Buffer.from('PK\u0003\u0004 a firmware package '.repeat(100));
  const sha256 = createHash('sha256').update(pkg).digest('hex');
  const server = createServer((req, res) => {
    if (req.url === '/pkg') res.end(pkg);
    else res.writeHead(404).end();
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const run = async (fw: FcsFirmware, command: object) => {
    const reports: FirmwareReport['firmware'][] = [];
    await fw.run(Buffer.from(JSON.stringify(command)), (r) => void reports.push(r.firmware));
    return reports;
  };

  it('downloads, verifies and installs, reporting each state and the new version', async () => {
    const fw = new FcsFirmware({ softwareVersion: '2.3.1', hardwareVersion: 'FCS-H2', stepMs: 1 });
    expect(fw.hello()).toEqual({ firmware: { softwareVersion: '2.3.1', hardwareVersion: 'FCS-H2' } });
    const reports = await run(fw, { targetId: 4, softwareVersion: '2.4.0', sha256, url: `${base}/pkg` });
    expect(reports.map((r) => r.state)).toEqual(['downloading', 'downloaded', 'verified', 'updated']);
    expect(reports.at(-1)).toMatchObject({ targetId: 4, softwareVersion: '2.4.0', hardwareVersion: 'FCS-H2' });
    expect(fw.softwareVersion).toBe('2.4.0');
  });

  it('fails a corrupted download with checksum mismatch, and a missing package with the HTTP status', async () => {
    const corrupt = new FcsFirmware({ softwareVersion: '2.3.1', hardwareVersion: 'FCS-H2', corruptDownloads: true, stepMs: 1 });
    const bad = await run(corrupt, { targetId: 5, softwareVersion: '2.4.0', sha256, url: `${base}/pkg` });
    expect(bad.at(-1)).toEqual({ targetId: 5, state: 'failed', reason: 'checksum mismatch' });
    expect(corrupt.softwareVersion).toBe('2.3.1');
    const gone = await run(new FcsFirmware(), { targetId: 6, softwareVersion: '2.4.0', sha256, url: `${base}/nothing` });
    expect(gone.at(-1)).toEqual({ targetId: 6, state: 'failed', reason: 'download failed: HTTP 404' });
  });
});
