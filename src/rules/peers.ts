/**
 * @module rules/peers
 * Anchored rules that differ only in their secret share one attempt at each keyword hit (see `Peers`); the
 * registry records the answers per scan.
 */

import type { Gate } from './assignments.js';
import { type AroundGroup, aroundGroup } from './prefixes.js';
import type { CompiledRule } from './registry.js';

/**
 * Anchored rules whose regexes differ only in their secret (Twitter's four, Discord's three: one key, one
 * operator, values of other lengths), with the same keywords and gate, so the same hits. One regex holding
 * every member's secret as alternatives (`unionOf`) tells at a hit whether none of them can match there; the
 * first member to reach the hit asks it and records the answer, and the others read it. Where the key repeats
 * (`twitter=` over 1 MB), every member ran its regex at every hit.
 */
export interface Peers {
  /** `before(?:secret1|secret2|…)after`, sticky; see `aroundGroup`. */
  readonly any: RegExp;
  /** The same, global: where hits fail densely, one search answers the rest of them (see `answerOn`). */
  readonly anyOn: RegExp;
  /** The scan whose answers `tag` marks. */
  scan: number;
  tag: number;
}

/** The peers of each anchored rule, by rule index; undefined for a rule that has none. */
export function findPeers(compiled: readonly CompiledRule[]): (Peers | undefined)[] {
  const finds = new Map<Gate['find'], number>();
  const groups = new Map<
    string,
    { cut: AroundGroup; flags: string; members: CompiledRule[]; secrets: string[] }
  >();
  for (const rule of compiled) {
    if (rule.sticky === undefined || rule.secretGroup === 0) continue;
    const cut = aroundGroup(rule.sticky.source, rule.secretGroup);
    if (cut === undefined || /\(\?<(?![=!])/.test(cut.inner)) continue; // names would clash as alternatives
    const gate = rule.gate;
    if (gate !== undefined && !finds.has(gate.find)) finds.set(gate.find, finds.size);
    const flags = rule.sticky.flags.replace('d', '');
    const gateKey = gate && [gate.after, gate.within, finds.get(gate.find)];
    const key = JSON.stringify([rule.keywords, flags, cut.before, cut.after, gateKey]);
    let group = groups.get(key);
    if (group === undefined) {
      group = { cut, flags, members: [], secrets: [] };
      groups.set(key, group);
    }
    group.members.push(rule);
    group.secrets.push(cut.inner);
  }
  const peersOf: (Peers | undefined)[] = compiled.map(() => undefined);
  for (const { cut, flags, members, secrets } of groups.values()) {
    if (members.length < 2) continue;
    const any = new RegExp(`${cut.before}(?:${unionOf(secrets)})${cut.after}`, flags);
    const anyOn = new RegExp(any.source, flags.replace('y', 'g'));
    const peers: Peers = { any, anyOn, scan: 0, tag: 0 };
    for (const r of members) peersOf[r.index] = peers;
  }
  return peersOf;
}

/** One character class, repeated a number of times or a range of them: `[a-z0-9]{25}`, `\d{15,25}`, `[A-Z]{8,}`. */
const REPEATED_CLASS = /^(\[(?:\\.|[^\]\\])+\]|\\[dswDSW])\{(\d+)(?:,(\d*))?\}$/;

/**
 * The members' secrets as alternatives, where those that repeat one class are one alternative over all their
 * lengths (`[a-z0-9]{25}|[a-z0-9]{50}|[a-z0-9]{45}` is `[a-z0-9]{25,50}`): every alternative read the same
 * characters again, and a union that fails at every hit (1 MB of `twitter=`) cost 2.5x one member's regex.
 * It matches where any member can and at times where none can, which only sends the members to their own.
 */
export function unionOf(secrets: readonly string[]): string {
  const lengths = new Map<string, [number, number]>();
  const others: string[] = [];
  for (const secret of secrets) {
    const m = REPEATED_CLASS.exec(secret);
    if (m === null) {
      others.push(secret);
      continue;
    }
    const least = Number(m[2]);
    const most = m[3] === undefined ? least : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
    const seen = lengths.get(m[1] as string);
    lengths.set(m[1] as string, seen ? [Math.min(seen[0], least), Math.max(seen[1], most)] : [least, most]);
  }
  const joined = [...lengths].map(([cls, [least, most]]) =>
    least === most ? `${cls}{${least}}` : `${cls}{${least},${most === Number.POSITIVE_INFINITY ? '' : most}}`,
  );
  return [...joined, ...others].join('|');
}
