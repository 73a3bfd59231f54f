/**
 * The inspector's form and reading. The input lives in the URL's fragment (`#hex=…&network=…`), so a reading can be
 * shared and the browser's back and forward buttons step through the readings; nothing leaves the page unless the
 * reader fetches a txid from an Ocean. The decoder is src/inspect/decode.ts, the same the MCP server's
 * decode_transaction tool runs.
 */
import { useEffect, useId, useMemo, useState, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import json from '../../../generated/inspect-data.json';
import type { InspectData } from '../../../contract/inspect-data';
import { PUBLIC_OCEAN_ORIGIN } from '../../../config/site';
import type { NetworkName } from '../../inspect/address';
import { inspect, type Inspection, type InspectOptions, type Span } from '../../inspect/decode';

type ReadAs = NonNullable<InspectOptions['as']>;

/**
 * Styles as attributes, not a stylesheet: Docusaurus merges every CSS module into the one stylesheet each page loads,
 * and these rules serve this page alone (the chunk carries them). Colours come from Infima's variables and classes,
 * so they follow the colour mode.
 */
const STYLE = {
  input: { display: 'block', width: '100%', margin: '0.25rem 0 0.75rem', fontFamily: 'var(--ifm-font-family-monospace)', fontSize: '0.85rem' },
  options: { display: 'flex', flexWrap: 'wrap', gap: '0.75rem 1.5rem', marginBottom: '0.75rem' },
  label: { display: 'flex', flexDirection: 'column', gap: '0.25rem', maxWidth: '100%' },
  control: { minHeight: '2rem', maxWidth: '100%' },
  fact: { display: 'flex', flexWrap: 'wrap', gap: '0 0.5rem' },
  term: { minWidth: '7rem' },
  value: { margin: 0, minWidth: 0 },
  hex: { wordBreak: 'break-all', overflowWrap: 'anywhere' },
  scroller: { maxWidth: '100%', overflowX: 'auto' },
  table: { display: 'table', width: '100%', tableLayout: 'fixed', fontSize: '0.85rem' },
  caption: { textAlign: 'left', fontWeight: 'var(--ifm-font-weight-bold)' },
  offset: { width: '4rem' },
  cell: { verticalAlign: 'top', overflowWrap: 'anywhere' },
} satisfies Record<string, CSSProperties>;

/** The JSON as written by generator/emit/inspect-data.ts (TypeScript reads its rule names as plain strings). */
const data = json as InspectData;

interface Query {
  hex: string;
  network: NetworkName;
  as: ReadAs;
  height: string;
  values: string;
}

const NETWORKS: NetworkName[] = ['mainnet', 'testnet', 'regtest'];
const READ_AS: { value: ReadAs; label: string }[] = [
  { value: 'auto', label: 'Tell by its first bytes' },
  { value: 'transaction', label: 'Raw transaction' },
  { value: 'script', label: 'Output script' },
  { value: 'dftx', label: 'DfTx payload (44665478…)' },
];

function parseFragment(hash: string): Query {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const network = params.get('network');
  const as = params.get('as');
  return {
    hex: params.get('hex') ?? '',
    network: NETWORKS.includes(network as NetworkName) ? (network as NetworkName) : 'mainnet',
    as: READ_AS.some((entry) => entry.value === as) ? (as as ReadAs) : 'auto',
    height: params.get('height') ?? '',
    values: params.get('values') ?? '',
  };
}

function toFragment(query: Query): string {
  const params = new URLSearchParams();
  params.set('hex', query.hex.replace(/\s+/g, ''));
  if (query.network !== 'mainnet') params.set('network', query.network);
  if (query.as !== 'auto') params.set('as', query.as);
  if (query.height.trim() !== '') params.set('height', query.height.trim());
  if (query.values.trim() !== '') params.set('values', query.values.trim());
  return `#${params.toString()}`;
}

function read(query: Query): Inspection | null {
  if (query.hex.trim() === '') return null;
  const height = /^\d+$/.test(query.height.trim()) ? Number(query.height.trim()) : undefined;
  const values = query.values.trim() === '' ? undefined : query.values.split(',').map((value) => (value.trim() === '' ? undefined : value.trim()));
  return inspect(query.hex, data, { network: query.network, as: query.as, height, inputValues: values });
}

function summary(result: Inspection | null): string {
  if (result === null) return '';
  if (result.error !== undefined && result.spans.length === 0) return `Not read: ${result.error.message}`;
  const parts: string[] = [];
  const tx = result.transaction;
  if (tx !== undefined) parts.push(`A transaction of ${tx.size} bytes: ${tx.inputs.length} inputs, ${tx.outputs.length} outputs`);
  else parts.push(`${result.as === 'transaction' ? 'A transaction' : result.as === 'script' ? 'An output script' : 'A DfTx payload'} of ${result.size} bytes`);
  if (result.dftx !== undefined) parts.push(`DeFi type ${result.dftx.name}`);
  const failed = result.checks.filter((check) => check.status === 'fail').length;
  if (result.checks.length > 0) parts.push(`${failed} of the node's checks failed`);
  if (result.error !== undefined) parts.push(`reading stopped: ${result.error.message}`);
  return `${parts.join('; ')}.`;
}

/** Spans grouped by their part, in byte order. */
function groups(spans: readonly Span[]): { name: string; spans: Span[] }[] {
  const out: { name: string; spans: Span[] }[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    if (last !== undefined && last.name === span.group) last.spans.push(span);
    else out.push({ name: span.group, spans: [span] });
  }
  return out;
}

function ByteTable({ name, spans }: { name: string; spans: Span[] }): ReactNode {
  return (
    <div style={STYLE.scroller}>
      <table style={STYLE.table}>
        <caption style={STYLE.caption}>{name}</caption>
        <thead>
          <tr>
            <th scope="col" style={STYLE.offset}>
              Offset
            </th>
            <th scope="col">Bytes</th>
            <th scope="col">Field</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {spans.map((span) => (
            <tr key={`${span.offset}-${span.label}`}>
              <td style={STYLE.cell}>{span.offset}</td>
              <td style={STYLE.cell}>
                <code style={STYLE.hex}>{span.hex}</code>
              </td>
              <td style={STYLE.cell}>{span.href === undefined ? span.label : <Link to={span.href}>{span.label}</Link>}</td>
              <td style={STYLE.cell}>
                {span.meaning}
                {span.note === undefined ? null : (
                  <>
                    <br />
                    <small>{span.note}</small>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Facts({ result }: { result: Inspection }): ReactNode {
  const tx = result.transaction;
  if (tx === undefined) return null;
  const rows: [string, string][] = [
    ['txid', tx.txid],
    ['wtxid', tx.wtxid],
    ['size', `${tx.size} bytes`],
    ['virtual size', `${tx.vsize} vbytes`],
    ['weight', `${tx.weight} weight units`],
    ['fee', tx.fee === undefined ? 'give every input’s value to see it' : `${tx.fee} DFI`],
  ];
  return (
    <dl>
      {rows.map(([term, value]) => (
        <div key={term} style={STYLE.fact}>
          <dt style={STYLE.term}>{term}</dt>
          <dd style={STYLE.value}>
            <code style={STYLE.hex}>{value}</code>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Outputs({ result }: { result: Inspection }): ReactNode {
  const tx = result.transaction;
  if (tx === undefined) return null;
  return (
    <ul>
      {tx.outputs.map((output, index) => (
        <li key={index}>
          Output {index}: {output.value} {output.token ?? `token ${output.tokenId}`} ({output.satoshis} satoshis) to{' '}
          {output.script.dftx !== undefined ? (
            <>
              a DeFi message, <Link to={output.script.dftx.href}>{output.script.dftx.name}</Link>
            </>
          ) : (
            <code style={STYLE.hex}>{output.script.address ?? `a ${output.script.kind} script`}</code>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function Inspector(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  const id = useId();
  const fromUrl = useMemo(() => parseFragment(location.hash), [location.hash]);
  const [draft, setDraft] = useState<Query>(fromUrl);
  const [txid, setTxid] = useState('');
  const [ocean, setOcean] = useState(PUBLIC_OCEAN_ORIGIN);
  const [fetchStatus, setFetchStatus] = useState('');
  // Back and forward change the fragment: the form follows it.
  useEffect(() => setDraft(fromUrl), [fromUrl]);
  const result = useMemo(() => read(fromUrl), [fromUrl]);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    history.push({ pathname: location.pathname, hash: toFragment(draft) });
  };

  const fetchTransaction = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const wanted = txid.trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(wanted)) {
      setFetchStatus('A txid is 64 hex digits.');
      return;
    }
    const base = `${ocean.replace(/\/+$/, '')}/v0/${draft.network}`;
    setFetchStatus(`Fetching ${wanted} from ${base} …`);
    try {
      const raw = (await (await fetch(`${base}/rawtx/${wanted}`)).json()) as { data?: unknown; error?: { message?: string } };
      if (typeof raw.data !== 'string') throw new Error(raw.error?.message ?? 'the answer holds no transaction');
      const vins = (await (await fetch(`${base}/transactions/${wanted}/vins?size=200`)).json()) as {
        data?: { vout?: { txid?: string; n?: number; value?: string } }[];
      };
      const decoded = inspect(raw.data, data, { as: 'transaction' });
      const values = (decoded.transaction?.inputs ?? []).map(
        (input) => vins.data?.find((vin) => vin.vout?.txid === input.txid && vin.vout.n === input.vout)?.vout?.value ?? '',
      );
      const next: Query = { ...draft, hex: raw.data, as: 'transaction', values: values.every((value) => value !== '') ? values.join(',') : '' };
      setFetchStatus(`Fetched ${wanted}${next.values === '' ? '' : ', with its inputs’ values'}.`);
      history.push({ pathname: location.pathname, hash: toFragment(next) });
    } catch (error) {
      setFetchStatus(`Could not fetch ${wanted}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <div className="margin-bottom--lg">
      <form onSubmit={submit} className="margin-bottom--xl" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Paste</h2>
        <label htmlFor={`${id}-hex`}>Raw transaction, output script or DfTx payload, in hex</label>
        <textarea
          id={`${id}-hex`}
          style={STYLE.input}
          rows={6}
          spellCheck={false}
          autoComplete="off"
          value={draft.hex}
          onChange={(event) => setDraft({ ...draft, hex: event.target.value })}
        />
        <div style={STYLE.options}>
          <label style={STYLE.label}>
            Network{' '}
            <select style={STYLE.control} value={draft.network} onChange={(event) => setDraft({ ...draft, network: event.target.value as NetworkName })}>
              {NETWORKS.map((network) => (
                <option key={network} value={network}>
                  {network}
                </option>
              ))}
            </select>
          </label>
          <label style={STYLE.label}>
            Read as{' '}
            <select style={STYLE.control} value={draft.as} onChange={(event) => setDraft({ ...draft, as: event.target.value as ReadAs })}>
              {READ_AS.map((entry) => (
                <option key={entry.value} value={entry.value}>
                  {entry.label}
                </option>
              ))}
            </select>
          </label>
          <label style={STYLE.label}>
            Block height (optional){' '}
            <input
              style={STYLE.control}
              inputMode="numeric"
              size={9}
              value={draft.height}
              onChange={(event) => setDraft({ ...draft, height: event.target.value })}
            />
          </label>
          <label style={STYLE.label}>
            Inputs’ values in DFI, comma-separated (for the fee){' '}
            <input style={STYLE.control} size={24} value={draft.values} onChange={(event) => setDraft({ ...draft, values: event.target.value })} />
          </label>
        </div>
        <button type="submit" className="button button--primary">
          Inspect
        </button>
      </form>

      <form onSubmit={(event) => void fetchTransaction(event)} className="margin-bottom--xl" aria-labelledby={`${id}-fetch`}>
        <h2 id={`${id}-fetch`}>Or fetch a txid</h2>
        <p>
          Sent only when you press the button: the txid goes to the Ocean below, on the network chosen above. The site’s security policy lets the page reach its
          public Ocean and no other.
        </p>
        <div style={STYLE.options}>
          <label style={STYLE.label}>
            Txid <input style={STYLE.control} size={40} spellCheck={false} autoComplete="off" value={txid} onChange={(event) => setTxid(event.target.value)} />
          </label>
          <label style={STYLE.label}>
            Ocean URL <input style={STYLE.control} size={32} type="url" value={ocean} onChange={(event) => setOcean(event.target.value)} />
          </label>
        </div>
        <button type="submit" className="button button--secondary">
          Fetch from Ocean
        </button>
        <p role="status" className="margin-top--sm">
          {fetchStatus}
        </p>
      </form>

      <section aria-labelledby={`${id}-reading`}>
        <h2 id={`${id}-reading`}>Reading</h2>
        <p role="status" aria-live="polite">
          {result === null ? 'Nothing to read yet: paste hex above and press Inspect.' : summary(result)}
        </p>
        {result?.error !== undefined ? (
          <p className="alert alert--danger">
            Byte {result.error.offset}: {result.error.message}
          </p>
        ) : null}
        {result !== null ? (
          <>
            <Facts result={result} />
            <Outputs result={result} />
            {result.checks.length > 0 ? (
              <>
                <h3>The node’s rules</h3>
                <ul>
                  {result.checks.map((check, index) => (
                    <li key={index}>
                      <strong>{check.status === 'pass' ? 'Passes' : check.status === 'fail' ? 'Fails' : 'Note'}</strong> ({check.rule}): {check.text}
                      {check.at === undefined ? null : (
                        <>
                          {' '}
                          <code>{check.at}</code>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {result.spans.length > 0 ? <h3>Every byte</h3> : null}
            {groups(result.spans).map((group, index) => (
              <ByteTable key={`${group.name}-${index}`} name={group.name} spans={group.spans} />
            ))}
          </>
        ) : null}
      </section>
    </div>
  );
}
