/**
 * @module proxy/injection-hints
 * Flags tool descriptions that look like prompt injection, at listing time ("tool poisoning": instructions for
 * the model hidden in a tool's description or in the descriptions inside its schemas,
 * https://invariantlabs.ai/blog/mcp-security-notification-tool-poisoning-attacks).
 *
 * This is a small, documented heuristic list, not a classifier: it reports and never rewrites, because a false
 * positive must cost a log line, not a broken tool. Each hint is a plain rule `{ id, description, pattern }`.
 * Every pattern is linear-time (checked with recheck: no adjacent quantifiers over overlapping classes), and
 * only the first {@link HINT_SCAN_LIMIT} characters of a string are scanned.
 *
 * @example
 * for (const hint of scanTools(result.tools)) log.warn(`tool ${hint.tool}: ${hint.id} at ${hint.path}`);
 */

import { childPath } from '../core/paths.js';

export interface InjectionHintRule {
  readonly id: string;
  readonly description: string;
  readonly pattern: RegExp;
}

/** One hint: which rule, which tool, where (a JSON pointer inside the tool definition). Never the text. */
export interface InjectionHint {
  readonly id: string;
  readonly tool?: string;
  readonly path: string;
}

/** The heuristics, in the order they are reported. */
export const INJECTION_HINT_RULES: readonly InjectionHintRule[] = Object.freeze([
  {
    id: 'ignore-instructions',
    description: '"ignore/disregard/forget (all) previous instructions" and close variants',
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|your\s+)?(?:previous|prior|above|earlier|preceding|existing|original|system)\s+(?:\w{0,3}structions?|directions?|prompts?|rules|guidelines|messages?|context)/i,
  },
  {
    id: 'important-tag',
    description:
      'XML-like tags that claim authority: <IMPORTANT>, <INFORMATION>, <system>, <instructions>, <admin>',
    pattern:
      /<\s*(?:\/\s*)?(?:important|information|system|instructions?|admin|critical|secret|hidden|assistant)\s*>/i,
  },
  {
    id: 'fake-tool-markup',
    description: 'markup posing as a tool call or tool result (<tool_result>, <function_call>, <tool_use>)',
    pattern:
      /<\s*(?:\/\s*)?(?:tool_(?:result|call|use|response)|function_(?:call|results?)|antml:\w{1,20})\b/i,
  },
  {
    id: 'addressed-to-model',
    description: 'text speaking to the model ("to you, the AI language model", "message ... to you, GPT-4")',
    pattern:
      /\bto\s+you,?\s+(?:the\s+)?(?:AI\b|assistant\b|GPT|Claude\b|Gemini\b|LLM\b|(?:AI\s+)?language\s+model)/i,
  },
  {
    id: 'chat-template-token',
    description: 'chat-template control tokens (<|im_start|>, <|eot_id|>, [INST], <<SYS>>, <start_of_turn>)',
    pattern:
      /<\|(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|begin_of_text)\|>|\[\/?INST\]|<<\/?SYS>>|<\/?(?:start|end)_of_turn>/i,
  },
  {
    id: 'fake-system-prompt',
    description:
      'a line posing as a system or developer message ("System:", "###(system_message)", "[SYSTEM]")',
    pattern:
      /(?:^|\n)[ \t#>*-]{0,8}(?:system|developer|assistant)(?:[ _-]?(?:message|prompt|note|override))?[ \t]*[:\]]|\(system[ _-]?message\)|\[(?:system|admin)\]/i,
  },
  {
    id: 'hidden-html-comment',
    description: 'an HTML comment, invisible when rendered but read by the model',
    // Anchored, and the prefix up to the first `<!--` is taken atomically (lookahead + backreference), so
    // the scan stays linear even for text full of unclosed comment openers.
    pattern: /^(?=([\s\S]*?<!--))\1[\s\S]*?-->/,
  },
  {
    id: 'hidden-css',
    description: 'styling that hides text from a person but not from the model (display:none, font-size:0)',
    pattern:
      /\bdisplay\s*:\s*none\b|\bvisibility\s*:\s*hidden\b|\bfont-size\s*:\s*0(?:px|pt|em)?\b|\bopacity\s*:\s*0\b/i,
  },
  {
    id: 'markdown-image-exfil',
    description: 'a markdown image whose URL carries a query (a rendered image can leak data to its host)',
    pattern: /!\[[^[\]!\n]{0,200}\]\(\s*https?:\/\/[^()[\]!\s?=]{0,500}[?=]/i,
  },
  {
    id: 'conceal-from-user',
    description: '"do not tell/mention/show the user", "without informing the user"',
    pattern:
      /\b(?:do\s+not|don't|never|must\s+not)\s+(?:tell|inform|mention|reveal|show|alert|notify|disclose)\b[^.\n]{0,40}\buser\b|\bwithout\s+(?:telling|informing|notifying|alerting|asking)\s+(?:the\s+)?user\b/i,
  },
  {
    id: 'sensitive-file',
    description:
      'mentions of credential files an instruction might ask to read (~/.ssh, id_rsa, .env, mcp.json)',
    pattern:
      /~\/\.(?:ssh|aws|gnupg|cursor|config\/gh)\b|\bid_(?:rsa|ed25519|ecdsa)\b|(?:^|[\s/'"`])\.env\b|\bmcp\.json\b/i,
  },
  {
    id: 'hidden-characters',
    description:
      'invisible or direction-changing characters (zero-width space, bidi controls, tag characters)',
    // ZWJ, ZWNJ, LRM and RLM are left out: real Persian, Indic and emoji text needs them.
    // Tag characters are fine inside a subdivision flag (🏴 + up to 7 tag letters/digits + cancel tag).
    pattern:
      /[\u00AD\u200B\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|(?<!\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{0,6})[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]|(?<!\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,7})\u{E007F}|[\u{E0000}-\u{E002F}\u{E003A}-\u{E0060}\u{E007B}-\u{E007E}]/u,
  },
]);

/** Strings longer than this are scanned only up to it: hints are cheap by construction. */
export const HINT_SCAN_LIMIT = 20_000;

/** The ids of the rules that match one text, in rule order. */
export function findInjectionHints(text: string): string[] {
  const scanned = text.length > HINT_SCAN_LIMIT ? text.slice(0, HINT_SCAN_LIMIT) : text;
  return INJECTION_HINT_RULES.filter((rule) => rule.pattern.test(scanned)).map((rule) => rule.id);
}

/** Keys whose string values a model reads in a tool definition (or a prompt, resource, template definition). */
const READ_KEYS = new Set(['description', 'title']);

/**
 * Hints for every definition in a listing (tools, prompts, resources): `description` and `title` at any depth
 * (so descriptions inside input/output schemas and annotations count too), plus the name itself.
 */
export function scanTools(tools: readonly unknown[]): InjectionHint[] {
  const hints: InjectionHint[] = [];
  for (const tool of tools) {
    const name = (tool as { name?: unknown } | null)?.name;
    const toolName = typeof name === 'string' ? name : undefined;
    walk(tool, '', (path, text) => {
      for (const id of findInjectionHints(text))
        hints.push(toolName === undefined ? { id, path } : { id, tool: toolName, path });
    });
  }
  return hints;
}

function walk(value: unknown, path: string, visit: (path: string, text: string) => void, depth = 0): void {
  // Definitions are small; the depth cap only guards against a hostile, absurdly nested schema.
  if (depth > 64 || typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    const at = childPath(path, key);
    if (typeof child === 'string') {
      if (READ_KEYS.has(key) || (depth === 0 && key === 'name')) visit(at, child);
    } else {
      walk(child, at, visit, depth + 1);
    }
  }
}
