import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** One build step, as `npm start` decides whether it must run again. */
export interface BuildTarget {
  /** Files and folders the step reads, relative to the project root; one that does not exist yet counts when it appears. */
  inputs: readonly string[];
  /** The folder it writes. */
  output: string;
  /** The file that keeps what the last run read and wrote (a JSON `BuildStamp`). */
  stamp: string;
  /** Settings from outside the files that change what the step makes (environment variables). */
  settings?: string;
}

/** The hashes of what a run of a step read and of what it left in its output folder. */
interface BuildStamp {
  inputs: string;
  output: string;
}

/** The tests beside the code: no build reads them, and a change to one should not cost a build. */
const TEST_FILE = /\.test(-d)?\.tsx?$/;

function filesOf(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return TEST_FILE.test(path) ? [] : [path];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesOf(root, `${path}/${name}`));
}

/**
 * A hash of the names and contents of the files under `paths` (relative to `root`). Contents, not
 * times: a checkout or a copy that touches a file without changing it costs no build.
 */
function hashFiles(root: string, paths: readonly string[]): string {
  const hash = createHash('sha256');
  for (const path of paths) {
    for (const file of filesOf(root, path)) {
      const content = readFileSync(join(root, file));
      // The length keeps a name and a content from running into the next file's.
      hash.update(`${file}\0${content.length}\0`).update(content);
    }
  }
  return hash.digest('hex');
}

/**
 * The hash of everything the step would read now. Taken before a run and kept after it
 * (`recordBuild`), so that an input edited while the step runs leaves its output stale.
 */
export function inputsHash(root: string, target: BuildTarget): string {
  return createHash('sha256')
    .update(hashFiles(root, target.inputs))
    .update(target.settings ?? '')
    .digest('hex');
}

function readStamp(file: string): BuildStamp | undefined {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildStamp>;
    return typeof stamp.inputs === 'string' && typeof stamp.output === 'string'
      ? { inputs: stamp.inputs, output: stamp.output }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the step's output is what a run on today's inputs would leave: its last run read the
 * same inputs, and its output has not changed since (deleted, or overwritten by a build of other
 * sources, such as another branch's).
 */
export function isCurrent(root: string, target: BuildTarget): boolean {
  const stamp = readStamp(join(root, target.stamp));
  return (
    stamp !== undefined &&
    existsSync(join(root, target.output)) &&
    stamp.inputs === inputsHash(root, target) &&
    stamp.output === hashFiles(root, [target.output])
  );
}

/** Keeps, after a successful run, the hash of the inputs it read (`inputsHash` taken before it) and of its output. */
export function recordBuild(root: string, target: BuildTarget, inputs: string): void {
  const file = join(root, target.stamp);
  mkdirSync(dirname(file), { recursive: true });
  const stamp: BuildStamp = { inputs, output: hashFiles(root, [target.output]) };
  writeFileSync(file, `${JSON.stringify(stamp, null, 2)}\n`);
}
