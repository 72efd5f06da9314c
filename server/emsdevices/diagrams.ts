import { ApiError } from '../errors';
import type { Handler } from '../http/services';
import type { EntityRecord } from '../resources/repository';
import { formatLocal } from '../telemetry/calendar';
import { catalogOf, stationOf } from '../telemetry/lookup';
import { allOf } from './records';

interface DiagramNode {
  id: string;
  variableSn?: string;
}

/** `diagram/get`: the diagrams of a station. */
export const emsDiagrams: Handler = async (call) => {
  const station = await stationOf(call, String(call.query.stationSn));
  return allOf(call, 'deviceDiagram', [{ field: 'stationId', op: 'eq', value: station.id }], 'id');
};

/**
 * `diagram/save`: a diagram without id is created, with one it replaces that one. Node ids are
 * unique, lines join existing nodes and a node's variable is one of the diagram's station;
 * otherwise 400 and nothing is saved.
 */
export const emsSaveDiagram: Handler = async (call) => {
  const scope = call.scope();
  const { repository } = call.services;
  const { id, ...body } = call.body as EntityRecord & { nodes: DiagramNode[]; edges?: { from: string; to: string }[] };
  const station = await repository.get(scope, 'station', Number(body.stationId));
  const ids = new Set<string>();
  for (const [index, node] of body.nodes.entries()) {
    if (ids.has(node.id)) throw new ApiError('validation', { detail: `nodes.${index}.id: ${node.id} is used twice` });
    ids.add(node.id);
  }
  for (const [index, edge] of (body.edges ?? []).entries()) {
    for (const end of [edge.from, edge.to])
      if (!ids.has(end)) throw new ApiError('validation', { detail: `edges.${index}: no node ${end}` });
  }
  const catalog = await catalogOf(call);
  for (const [index, node] of body.nodes.entries()) {
    if (node.variableSn === undefined) continue;
    if (catalog.bySn.get(node.variableSn)?.stationSn !== station.sn)
      throw new ApiError('validation', {
        detail: `nodes.${index}.variableSn: ${node.variableSn} is no variable of ${String(station.sn)}`,
      });
  }
  return typeof id === 'number'
    ? repository.update(scope, 'deviceDiagram', id, body)
    : repository.create(scope, 'deviceDiagram', body);
};

/** `diagram/data/{id}`: the latest stored value of each variable the nodes show. */
export const emsDiagramData: Handler = async (call) => {
  const scope = call.scope();
  const diagram = await call.services.repository.get(scope, 'deviceDiagram', Number(call.params.id));
  const catalog = await catalogOf(call);
  const shown = ((diagram.nodes ?? []) as DiagramNode[]).flatMap((node) => {
    const variable = node.variableSn === undefined ? undefined : catalog.bySn.get(node.variableSn);
    return variable ? [{ node, variable }] : [];
  });
  const latest = new Map(
    (
      await call.services.telemetry.store.latest(
        scope.tenantId,
        shown.map((s) => s.variable.id),
      )
    ).map((s) => [s.varId, s]),
  );
  return shown.map(({ node, variable }) => {
    const state = latest.get(variable.id);
    return {
      nodeId: node.id,
      sn: variable.sn,
      name: variable.name,
      ...(variable.code ? { code: variable.code } : {}),
      unit: variable.unit,
      deviceSn: variable.deviceSn,
      value: state ? Number(state.value) : null,
      ...(state ? { time: formatLocal(Number(state.ts), variable.zone) } : {}),
    };
  });
};
