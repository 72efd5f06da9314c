import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MqttSettings } from '../../server/collection/mqtt';
import { debianProgram } from './debian';
import { freePort } from './serverProcess';

/** The ACL of docs/deploy.md: the platform reads and writes every channel's topics; a channel's user only its own. */
const acl = (platformUser: string) => `user ${platformUser}
topic readwrite ems/#

pattern write ems/%u/up
pattern write ems/%u/ack
pattern read ems/%u/cmd
`;

/** A running mosquitto, and the settings a platform server speaks to it with. */
export interface Mosquitto {
  port: number;
  /** The address devices connect to. */
  address: string;
  /** `ServerConfig.mqtt` of a platform server that uses it, keeping its password file. */
  settings: MqttSettings & { url: string };
  /** Has mosquitto read its password file again (SIGHUP), and waits until it says so. */
  reload(): Promise<void>;
  stop(): void;
}

/**
 * Debian's mosquitto on a free port of 127.0.0.1, set up as docs/deploy.md says: no anonymous
 * users, the password file the platform keeps (made first with the platform's own user, as the
 * broker's administrator would), and the pattern ACL. Its files are in `dir`.
 */
export async function startMosquitto(
  dir: string,
  platform = { user: 'platform', password: 'platform-secret' },
): Promise<Mosquitto> {
  const mosquitto = debianProgram('/usr/sbin/mosquitto', 'mosquitto');
  const passwordFile = join(dir, 'passwords');
  spawnSync(debianProgram('/usr/bin/mosquitto_passwd', 'mosquitto'), [
    '-c',
    '-b',
    passwordFile,
    platform.user,
    platform.password,
  ]);
  writeFileSync(join(dir, 'acl'), acl(platform.user));
  const port = await freePort();
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${passwordFile}`,
      `acl_file ${join(dir, 'acl')}`,
      'persistence false',
      // Bursts of samples are not dropped by a queue limit of the broker's own.
      'max_queued_messages 100000',
      // Run as root (as the tests are), mosquitto would give root up and not read the root-owned password file.
      ...(process.getuid?.() === 0 ? ['user root'] : []),
    ].join('\n'),
  );
  const broker = spawn(mosquitto, ['-c', join(dir, 'mosquitto.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  broker.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const said = async (pattern: RegExp, from: number) => {
    for (let waited = 0; !pattern.test(log.slice(from)); waited += 50) {
      if (waited > 5_000) throw new Error(`mosquitto: no ${String(pattern)} in ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await said(/running/, 0);
  return {
    port,
    address: `mqtt://127.0.0.1:${port}`,
    settings: { host: '127.0.0.1', port: 0, url: `mqtt://${platform.user}:${platform.password}@127.0.0.1:${port}`, passwordFile },
    async reload() {
      const from = log.length;
      broker.kill('SIGHUP');
      await said(/[Rr]eloading config/, from);
    },
    stop: () => broker.kill(),
  };
}
