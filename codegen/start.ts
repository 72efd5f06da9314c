/**
 * The build half of `npm start`: codegen and the client build, each only when what it reads has
 * changed since it last ran (`stamps.ts`), each said in a line while it runs and a line when done.
 * A build that fails shows everything it printed, and stops the start. The server starts after,
 * in a process of its own, so that none of the build's memory stays with it.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash, isCurrent, recordBuild } from './stamps';
import { clientTarget, CODEGEN } from './targets';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`;

if (!isCurrent(root, CODEGEN)) {
  process.stdout.write('Generating types and validators from schemas/ and openapi/ (generated/)…\n');
  const started = performance.now();
  // codegen stamps generated/ itself, as `npm install` and `npm run codegen` run it too.
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'codegen/main.ts'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(`${run.stdout}${run.stderr}`);
    if (run.error) process.stderr.write(`${String(run.error)}\n`);
    process.exit(run.status ?? 1);
  }
  process.stdout.write(`Generated in ${seconds(started)}.\n`);
}

const client = clientTarget();
if (!isCurrent(root, client)) {
  process.stdout.write('Building the client (dist/client)…\n');
  const started = performance.now();
  const inputs = inputsHash(root, client);
  // Loaded only to build: a start with nothing to build does without it.
  const { build } = await import('vite');
  try {
    // Warnings and errors only: the listing of every file written is for `npm run build`.
    await build({ root, logLevel: 'warn' });
  } catch (error) {
    // As `vite build` says it: the message holds every error with its place in the code.
    process.stderr.write(`error during build:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  }
  recordBuild(root, client, inputs);
  process.stdout.write(`Built in ${seconds(started)}.\n`);
}
