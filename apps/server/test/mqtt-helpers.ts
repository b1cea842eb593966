import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Session } from './helpers.js';

export interface Credentials {
  username: string;
  password: string;
  topic: string;
  statusTopic: string;
}

/** Issues credentials for a demo device found by code (signed in as someone with the button). */
export async function deviceByCode(s: Session, code: string): Promise<{ id: number; creds: Credentials }> {
  const dev = (await s.post('/api/v2/device/page', { pageSize: 10, pageOffset: 1, code })).body.data.list[0];
  const creds = (await s.post('/api/v2/device/credentials/issue', { id: dev.id })).body.data as Credentials;
  return { id: dev.id, creds };
}

/** Connects a device client (its client id is its username, as the broker requires); rejects when the broker refuses. */
export function connectDevice(url: string, creds: { username: string; password: string }, opts: IClientOptions = {}): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      clientId: creds.username,
      username: creds.username,
      password: creds.password,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      ...opts,
    });
    client.once('connect', () => resolve(client));
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
  });
}

/** Publishes a JSON payload at QoS 1 and resolves on PUBACK. */
export function publish(client: MqttClient, topic: string, payload: unknown): Promise<void> {
  const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload);
  return client.publishAsync(topic, body, { qos: 1 }).then(() => undefined);
}
