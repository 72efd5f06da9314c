import { AsyncLocalStorage } from 'node:async_hooks';
import {
  DeleteQueryNode,
  InsertQueryNode,
  MergeQueryNode,
  RawNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** What a piece of work wrote, as it runs. */
interface Watch {
  wrote: boolean;
  /** Writes of samples and their rollups, told apart by the telemetry store itself (`unwatched`). */
  paused: boolean;
}

const watching = new AsyncLocalStorage<Watch>();

/** Whether a statement changes rows: an insert, update, delete or merge, built or written as SQL. */
function writes(node: RootOperationNode): boolean {
  if (InsertQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node) || MergeQueryNode.is(node)) return true;
  return RawNode.is(node) && /^\s*(insert|update|delete|merge)\b/i.test(node.sqlFragments[0] ?? '');
}

/**
 * Tells `watchWrites` of every statement that changes rows, run by the work it watches (whatever
 * handler, table or engine): so that what is kept of the data (the answers of the dashboard's
 * needs) is dropped after any request that changed it, without each handler having to say so.
 */
export const writeWatcher: KyselyPlugin = {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const watch = watching.getStore();
    if (watch && !watch.paused && !watch.wrote && writes(node)) watch.wrote = true;
    return node;
  },
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  },
};

/**
 * Runs `work`, and once it is done (or has failed: a write outside a transaction stays) calls
 * `onWrote` if it changed any row, other than in `unwatched` work.
 */
export async function watchWrites<T>(work: () => Promise<T>, onWrote: () => void): Promise<T> {
  const watch: Watch = { wrote: false, paused: false };
  try {
    return await watching.run(watch, work);
  } finally {
    if (watch.wrote) onWrote();
  }
}

/** Runs `work` without its writes counting for the work around it: samples, told of on their own; the reads of a batch. */
export function unwatched<T>(work: () => Promise<T>): Promise<T> {
  const watch = watching.getStore();
  return watch ? watching.run({ ...watch, paused: true }, work) : work();
}
