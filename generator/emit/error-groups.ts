// The error groups of both references for the hand-written errors pages (/node/errors, the Ocean overview):
// generated/error-groups.json, read by src/components/ErrorGroup. From the model only.
import type { OceanReference, RpcReference } from '../model/types';
import type { ErrorGroupsFile } from '../../contract/error-groups';

export function renderErrorGroupsJson(rpc: RpcReference, ocean: OceanReference): string {
  if (!rpc.errors || !ocean.errors) throw new Error('error-groups: the model carries no error catalog (generator/errors/*.json)');
  const file: ErrorGroupsFile = {
    node: {
      repository: rpc.errors.source.repository,
      tag: rpc.errors.source.tag,
      groups: rpc.errors.groups.map((group) => ({
        id: group.id,
        title: group.title,
        summary: group.summary,
        rows: group.errors.map(({ code, httpStatus, message, condition, source }) => ({ code, httpStatus, message, condition, source })),
      })),
    },
    ocean: {
      repository: ocean.errors.source.repository,
      tag: ocean.errors.source.tag,
      groups: ocean.errors.groups.map((group) => ({
        id: group.id,
        title: group.title,
        summary: group.summary,
        rows: group.errors.map(({ status, type, message, condition, source, properties }) => ({
          status,
          type,
          message,
          condition,
          source,
          ...(properties === undefined ? {} : { properties }),
        })),
      })),
    },
  };
  return `${JSON.stringify(file, null, 1)}\n`;
}
