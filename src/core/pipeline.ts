/**
 * @module core/pipeline
 * Sanitizers compose: a chain runs each member's phase in order and is itself a `Sanitizer`, so a user's
 * stage slots in before or after the built-in ones, and a chain can be a member of another chain.
 */
import type { ContentBlock, SanitizeContext, Sanitizer, TextSite, ToolResult } from './types.js';

/**
 * One sanitizer made of many, phase by phase in the given order.
 * @example
 * const mine = chain('mine', { name: 'upper', text: (s) => s.toUpperCase() }, createBoundStrings(DEFAULT_BOUNDS));
 */
export function chain(name: string, ...members: readonly Sanitizer[]): Sanitizer {
  const texts = members.filter((m) => m.text !== undefined);
  const blocks = members.filter((m) => m.block !== undefined);
  const results = members.filter((m) => m.result !== undefined);
  const sanitizer: { -readonly [K in keyof Sanitizer]: Sanitizer[K] } = { name };
  if (texts.length > 0) {
    sanitizer.text = function chainText(value: string, site: TextSite, ctx: SanitizeContext): string {
      let out = value;
      for (const member of texts) out = member.text!(out, site, ctx);
      return out;
    };
  }
  if (blocks.length > 0) {
    sanitizer.block = function chainBlock(block: ContentBlock, path: string, ctx: SanitizeContext) {
      let out: ContentBlock | null = block;
      for (const member of blocks) {
        out = member.block!(out, path, ctx);
        if (out === null) return null;
      }
      return out;
    };
  }
  if (results.length > 0) {
    sanitizer.result = function chainResult(result: ToolResult, ctx: SanitizeContext): ToolResult {
      let out = result;
      for (const member of results) out = member.result!(out, ctx);
      return out;
    };
  }
  return sanitizer;
}
