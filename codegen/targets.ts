import type { BuildTarget } from './stamps';

/**
 * codegen: `generated/` from the schemas and the OpenAPI document, made by the scripts of this
 * folder with the packages the lock file pins. Its check of the label keys written in the code
 * (runtime, pages, widgets, server) changes nothing it writes, so the code is no input: that check
 * runs with every `npm run codegen` and in `npm test`.
 */
export const CODEGEN: BuildTarget = {
  inputs: ['schemas', 'openapi', 'codegen', 'package-lock.json'],
  output: 'generated',
  stamp: 'dist/codegen.stamp.json',
};

/**
 * What Vite reads to build the client for production: its config, the page, the code and what
 * codegen made of the schemas, the `.env` files of that mode, the packages the lock file pins.
 */
const CLIENT_INPUTS = [
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'public',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
  'runtime',
  'widgets',
  'pages',
  'schemas',
  'generated',
];

/**
 * The client, built into `dist/client` (vite.config.ts's `outDir`). `VITE_` variables are written
 * into the bundle and `NODE_ENV` picks React's build, so a change of either builds it again.
 */
export function clientTarget(env: NodeJS.ProcessEnv = process.env): BuildTarget {
  const settings = Object.entries(env)
    .filter(([name]) => name.startsWith('VITE_') || name === 'NODE_ENV')
    .sort(([a], [b]) => a.localeCompare(b));
  return { inputs: CLIENT_INPUTS, output: 'dist/client', stamp: 'dist/client.stamp.json', settings: JSON.stringify(settings) };
}
