/**
 * MQTT devices for the MQTT bench, in a process of their own so that the server measured does not
 * pay for them: `tsx bench/publishers.ts PLAN.json` connects one client per channel of the plan
 * (`{ address, seconds, channels: [{ user, secret, devices: [sn], codes: [code] }] }`), prints
 * `ready`, then at each whole second for `seconds` publishes every device's values as one message
 * on its channel's samples topic (QoS 0, as a gateway's telemetry), and prints `done`.
 */
import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';
import { mqttTopics } from '../server/collection/mqttCredentials';

interface Plan {
  address: string;
  seconds: number;
  channels: { user: string; secret: string; devices: string[]; codes: string[] }[];
}

const plan = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Plan;
const clients = await Promise.all(
  plan.channels.map((channel) =>
    mqtt.connectAsync(plan.address, { username: channel.user, password: channel.secret, reconnectPeriod: 0 }),
  ),
);
process.stdout.write('ready\n');
const start = Math.ceil(Date.now() / 1000) * 1000;
for (let second = 0; second < plan.seconds; second++) {
  const ts = start + second * 1000;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, ts - Date.now())));
  plan.channels.forEach((channel, c) => {
    const topic = mqttTopics(channel.user).samples;
    for (const [d, device] of channel.devices.entries()) {
      const values = Object.fromEntries(channel.codes.map((code, v) => [code, (d * 100 + v + second) % 65_536]));
      clients[c]?.publish(topic, JSON.stringify({ device, ts, values }), { qos: 0 });
    }
  });
}
await Promise.all(clients.map((client) => client.endAsync()));
process.stdout.write('done\n');
