import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient, type Packet } from 'mqtt';
import { deliverToSink, type MessageSink } from './broker.js';
import type { DeviceDirectory } from './directory.js';
import { parseDeviceTopic } from './topics.js';

export interface ExternalBrokerClient {
  close(): Promise<void>;
  /** Publishes a command to a device's topic at QoS 1 (the broker's ACL must let the platform write `devices/+/commands/#`). */
  publish(topic: string, payload: Buffer): Promise<void>;
  /** Messages on device topics whose username no device has. */
  unknownTopics: number;
}

/**
 * The platform as a client of an external broker (MQTT_URL), which does authentication and ACLs. A
 * persistent session (MQTT 5, clean start off, session kept a week) with QoS 1 subscriptions: what
 * devices publish while the platform is down is delivered when it is back.
 *
 * mqtt.js acknowledges a message once `handleMessage` calls back, one message at a time. To keep
 * many messages in flight and still acknowledge only after the commit, `handleMessage` returns at once
 * and the PUBACK of that message id is held until its batch is committed. A failed commit drops the
 * connection without PUBACK, so the broker delivers the message again.
 */
export async function connectExternalBroker(opts: {
  url: string;
  clientId: string;
  prefix: string;
  directory: DeviceDirectory;
  sink: MessageSink;
  log: FastifyBaseLogger;
}): Promise<ExternalBrokerClient> {
  const { prefix, directory, sink, log } = opts;
  const client: MqttClient = mqtt.connect(opts.url, {
    clientId: opts.clientId,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: 7 * 24 * 3600, receiveMaximum: 1000 },
    reconnectPeriod: 1000,
  });
  const state: ExternalBrokerClient & { pending: Map<number, Promise<void>> } = {
    unknownTopics: 0,
    pending: new Map(),
    close: () => new Promise<void>((resolve) => client.end(false, {}, () => resolve())),
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
  };

  const handle = async (packet: IPublishPacket) => {
    const topic = parseDeviceTopic(prefix, packet.topic);
    const entry = topic ? await directory.byUsername(topic.username) : null;
    if (!topic || !entry) {
      state.unknownTopics++;
      if (state.unknownTopics === 1 || state.unknownTopics % 1000 === 0)
        log.warn({ topic: packet.topic.slice(0, 200), count: state.unknownTopics }, 'MQTT message on an unknown device topic ignored');
      return;
    }
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    await deliverToSink(sink, topic.kind, entry, payload);
  };

  client.handleMessage = (packet: Packet, done: (error?: Error) => void) => {
    const publish = packet as IPublishPacket;
    const work = handle(publish);
    if (publish.qos > 0 && publish.messageId !== undefined) state.pending.set(publish.messageId, work);
    else work.catch((err) => log.error({ err }, 'telemetry message failed'));
    done();
  };
  const internal = client as unknown as { _sendPacket: (packet: Packet, cb?: (err?: Error) => void, ...rest: unknown[]) => void };
  const send = internal._sendPacket.bind(client);
  internal._sendPacket = (packet, cb, ...rest) => {
    const work = packet.cmd === 'puback' && packet.messageId !== undefined ? state.pending.get(packet.messageId) : undefined;
    if (!work) return send(packet, cb, ...rest);
    state.pending.delete(packet.messageId!);
    cb?.();
    work.then(
      () => send(packet, undefined, ...rest),
      (err: unknown) => {
        log.error({ err }, 'telemetry not committed: dropping the broker connection so that it delivers again');
        client.stream?.destroy();
      },
    );
  };

  client.on('error', (err) => log.error({ err }, 'MQTT broker connection error'));
  client.on('connect', (connack) => {
    // the acknowledgements and battery topics are subscribed every time (a session kept from before it existed lacks it;
    // nothing on it is retained, so subscribing again re-sends nothing)
    const topics = connack.sessionPresent ? [] : [`${prefix}devices/+/telemetry`, `${prefix}devices/+/status`];
    client.subscribe(
      [...topics, `${prefix}devices/+/ack`, `${prefix}devices/+/battery`],
      { qos: 1 },
      (err) => err && log.error({ err }, 'MQTT subscribe failed'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Could not connect to the MQTT broker at ${opts.url}`)), 10_000);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  }).catch(async (error) => {
    client.end(true);
    throw error;
  });
  return state;
}
