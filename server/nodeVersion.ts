import project from '../package.json';

/**
 * The oldest Node.js major the server runs on: better-sqlite3 13 is built on Node-API for Node 22
 * and later (on Node 20 it crashes as it loads), and 24 is the oldest line with security support
 * that the soak has measured (docs/decisions.md).
 */
export const OLDEST_NODE_MAJOR = 24;

/**
 * Why the server cannot run on Node.js `version` (as `process.versions.node` gives it), or
 * undefined when it can. Checked before anything native loads, so a user who starts the server
 * with another Node is told which one it needs instead of seeing it crash.
 */
export function unsupportedNode(version: string): string | undefined {
  if (Number(version.split('.')[0]) >= OLDEST_NODE_MAJOR) return undefined;
  return (
    `The platform runs on Node.js ${OLDEST_NODE_MAJOR} or later; this is Node.js v${version}.\n` +
    `\`npm install\` brings its own Node.js ${project.dependencies.node}: start the platform with \`npm start\`, ` +
    'or with `node_modules/.bin/node --import tsx server/main.ts`.\n'
  );
}

/**
 * Ends the process (status 1, the reason on stderr) when it runs on a Node.js the server cannot run
 * on. Each entry point calls it before its other modules load (it imports them dynamically after
 * this), since on an older Node the SQLite driver would crash as it loads.
 */
export function exitOnUnsupportedNode(): void {
  const unsupported = unsupportedNode(process.versions.node);
  if (!unsupported) return;
  process.stderr.write(unsupported);
  process.exit(1);
}
