/**
 * One error group of a reference's catalog, on the hand-written errors pages: its summary and a table of its errors
 * (code or status, message, when, and the source line it was read from). The data is generated/error-groups.json
 * (generator/emit/error-groups.ts), so the pages and the sections that link here say the same.
 */
import type { ReactNode } from 'react';
import data from '@site/generated/error-groups.json';
import { sourceHref, type ErrorGroupData, type NodeErrorRow, type OceanErrorRow } from '../../../contract/error-groups';

const groups = data;

function External({ href, children }: { href: string; children: ReactNode }): ReactNode {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** A message as the node or server words it; `{name}` marks a value filled in, an empty body says so. */
function Message({ text }: { text: string | null }): ReactNode {
  if (text === null) return <em>no message</em>;
  if (text === '') return <em>empty body</em>;
  return <code>{text.replace(/\n$/, '').replace(/\n/g, ' ⏎ ')}</code>;
}

/** A condition as the data writes it: plain words, with `code` spans (argument names, literal values) shown as code. */
function Condition({ text }: { text: string }): ReactNode {
  return text.split(/(`[^`\n]+`)/).map((part, index) => (index % 2 === 1 ? <code key={index}>{part.slice(1, -1)}</code> : part));
}

function find<Row>(list: readonly ErrorGroupData<Row>[], id: string): ErrorGroupData<Row> {
  const group = list.find((candidate) => candidate.id === id);
  if (group === undefined) throw new Error(`ErrorGroup: no group ${id}`);
  return group;
}

function NodeTable({ group }: { group: ErrorGroupData<NodeErrorRow> }): ReactNode {
  const { repository, tag } = groups.node;
  return (
    <table>
      <thead>
        <tr>
          <th>Code</th>
          <th>HTTP</th>
          <th>Message</th>
          <th>When</th>
        </tr>
      </thead>
      <tbody>
        {group.rows.map((row) => (
          <tr key={`${row.code ?? ''} ${row.message} ${row.source}`}>
            <td>{row.code === null ? '' : <code>{row.code}</code>}</td>
            <td>{row.httpStatus}</td>
            <td>
              <Message text={row.message} />
            </td>
            <td>
              <Condition text={row.condition} /> <External href={sourceHref(repository, tag, row.source)}>{row.source}</External>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OceanTable({ group }: { group: ErrorGroupData<OceanErrorRow> }): ReactNode {
  const { repository, tag } = groups.ocean;
  return (
    <table>
      <thead>
        <tr>
          <th>Status</th>
          <th>Type</th>
          <th>Message</th>
          <th>When</th>
        </tr>
      </thead>
      <tbody>
        {group.rows.map((row) => (
          <tr key={`${row.status} ${row.message ?? ''} ${row.source}`}>
            <td>{row.status}</td>
            <td>{row.type === '' ? <em>no envelope</em> : <code>{row.type}</code>}</td>
            <td>
              {row.properties === undefined ? (
                <Message text={row.message} />
              ) : (
                row.properties.map((property) => (
                  <span key={property.property}>
                    <code>{property.property}</code>: {property.constraints.join('; ')}{' '}
                  </span>
                ))
              )}
            </td>
            <td>
              <Condition text={row.condition} />{' '}
              <External href={sourceHref(repository, tag, row.source)}>{row.source.replace(/^apps\/whale-api\/src\//, '')}</External>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** `area` picks the catalog (the node's RPC errors or Ocean's), `id` the group. */
export default function ErrorGroup({ area, id }: { area: 'node' | 'ocean'; id: string }): ReactNode {
  if (area === 'node') {
    const group = find(groups.node.groups, id);
    return (
      <>
        <p>{group.summary}</p>
        <NodeTable group={group} />
      </>
    );
  }
  const group = find(groups.ocean.groups, id);
  return (
    <>
      <p>{group.summary}</p>
      <OceanTable group={group} />
    </>
  );
}
