// The line of a method's section that says where the method and the node's help of its RPC differ, or how the
// method's params map onto the help's arguments where that is not one to one (model: RpcMethod.nodeDifferences).
import type { SdkNodeDifference, SdkNodeSide } from '../model/types';
import { escapeInline, inlineCode } from './mdx';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

function ordinal(position: number): string {
  return ORDINALS[position] ?? `${position + 1}th`;
}

/** `avoid_reuse` (BOOL, default true) */
function nodeArg(side: SdkNodeSide): string {
  const presence = side.presence === undefined || side.presence === 'required' ? '' : `, ${escapeInline(side.presence)}`;
  return `${inlineCode(side.name)} (${side.type}${presence})`;
}

function and(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** One sentence per kind, the differences of a kind together. */
export function nodeDifferencesLine(differences: readonly SdkNodeDifference[], nodeTag: string): string | null {
  if (differences.length === 0) return null;
  const sentences: string[] = [];
  const ofKind = <K extends SdkNodeDifference['kind']>(kind: K): Extract<SdkNodeDifference, { kind: K }>[] =>
    differences.filter((difference): difference is Extract<SdkNodeDifference, { kind: K }> => difference.kind === kind);
  const extraNode = ofKind('node-argument');
  if (extraNode.length > 0)
    sentences.push(
      `The node also takes ${and(extraNode.map((difference) => `${nodeArg(difference.node)} as its ${ordinal(difference.position)} argument`))}, which this method does not send.`,
    );
  for (const difference of ofKind('sdk-argument'))
    sentences.push(`This method sends a ${ordinal(difference.position)} param (${inlineCode(difference.sdk.name)}) that the node's help does not list.`);
  for (const difference of ofKind('argument-type'))
    sentences.push(
      `The node's help types ${nodeArg(difference.node)} as ${difference.node.type}; this method sends ${inlineCode(difference.sdk.name)} as ${inlineCode(difference.sdk.type)}.`,
    );
  for (const difference of ofKind('argument-required'))
    sentences.push(`The node requires ${inlineCode(difference.node.name)}; this method's ${inlineCode(difference.sdk.name)}, which fills it, is optional.`);
  const fields = ofKind('result-field');
  if (fields.length > 0) {
    const declared = fields[0]?.sdk.name ?? '';
    sentences.push(
      `The node's help also returns ${and(fields.map((difference) => `${inlineCode(difference.node.name)} (${difference.node.type || 'untyped'})`))}, which ${inlineCode(declared)} does not declare.`,
    );
  }
  const optional = ofKind('result-field-optional');
  for (const declared of new Set(optional.map((difference) => difference.sdk.name.split('.')[0] ?? ''))) {
    const names = optional.filter((difference) => difference.sdk.name.startsWith(`${declared}.`)).map((difference) => inlineCode(difference.node.name));
    sentences.push(`The node may leave out ${and(names)}, which ${inlineCode(declared)} declares as always there.`);
  }
  for (const difference of ofKind('option-ignored'))
    sentences.push(
      `The node reads ${nodeArg(difference.node)} from the object this method sends as its ${ordinal(difference.position)} param, where the method puts ${inlineCode(difference.sdk.name)}: the node ignores that key.`,
    );
  for (const difference of ofKind('result-field-type'))
    sentences.push(
      `The node's help returns ${inlineCode(difference.node.name)} as (${difference.node.type}); ${inlineCode(difference.sdk.name)} is declared ${inlineCode(difference.sdk.type)}.`,
    );
  for (const difference of ofKind('fixed'))
    sentences.push(`This method always sends ${inlineCode(difference.sdk.name)} as the node's ${inlineCode(difference.node.name)} (${difference.node.type}).`);
  for (const difference of ofKind('options-object'))
    sentences.push(
      `This method sends one object, ${inlineCode(difference.sdk.type)} (${and(difference.sdk.fields.map((field) => inlineCode(field)))}), as the ${ordinal(difference.position)} param, where the node's help lists the positional arguments ${and(difference.nodeArgs.map((arg) => inlineCode(arg.name)))}.`,
    );
  for (const difference of ofKind('argument-shape'))
    sentences.push(
      `The node's help types ${inlineCode(difference.node.name)} as ${difference.node.type}; this method sends it as ${inlineCode(difference.sdk.type)}.`,
    );
  // What a person read in the handler's code, after the sentences: each note says the places it rests on.
  for (const difference of differences) if (difference.note !== undefined) sentences.push(escapeInline(difference.note));
  return `**Against the node's help** (defid ${nodeTag}): ${sentences.join(' ')}`;
}
