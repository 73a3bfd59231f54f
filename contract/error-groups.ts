// The error groups the reference sections link to, as the generator writes them for the hand-written errors pages
// (generator/emit/error-groups.ts writes generated/error-groups.json; src/components/ErrorGroup shows a group).

export interface NodeErrorRow {
  code: number | null;
  httpStatus: number;
  message: string;
  condition: string;
  source: string;
}

export interface OceanErrorRow {
  status: number;
  type: string;
  message: string | null;
  condition: string;
  source: string;
  properties?: { property: string; constraints: string[] }[];
}

export interface ErrorGroupData<Row> {
  id: string;
  title: string;
  summary: string;
  /** Source links point at `${repository}/blob/${tag}/${path}#L${line}`. */
  rows: Row[];
}

export interface ErrorGroupsFile {
  node: { repository: string; tag: string; groups: ErrorGroupData<NodeErrorRow>[] };
  ocean: { repository: string; tag: string; groups: ErrorGroupData<OceanErrorRow>[] };
}

export const ERROR_GROUPS_FILE = 'error-groups.json';

/** A `path:line` source of the data as a link to the file at the tag. */
export function sourceHref(repository: string, tag: string, source: string): string {
  const [file, line] = source.split(':');
  return `${repository}/blob/${tag}/${file ?? ''}${line ? `#L${line}` : ''}`;
}
