import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Installs Debian packages (as root; `apt-get update` first), for the outside programs the tests
 * run against: Chromium, PostgreSQL, mbpoll, mosquitto, pymodbus.
 */
export function installDebian(packages: string[]): void {
  if (process.getuid?.() !== 0) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
}

/**
 * The path of a Debian program (or another file of its package) a test needs, installed from its
 * package when it is missing.
 * @throws Error when it is missing and cannot be installed here.
 */
export function debianProgram(path: string, pkg: string): string {
  if (!existsSync(path)) installDebian([pkg]);
  if (!existsSync(path)) throw new Error(`${path} is missing: install Debian's ${pkg} package`);
  return path;
}
