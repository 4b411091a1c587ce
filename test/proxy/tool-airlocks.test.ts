import { describe, expect, it } from 'vitest';
import { type AirlockOptions, createAirlock } from '../../src/index.js';
import { createToolAirlocks } from '../../src/proxy/tool-airlocks.js';

describe('createToolAirlocks', () => {
  const base: AirlockOptions = { label: 'none' };
  const perTool = (tool: string): AirlockOptions =>
    tool.startsWith('raw_') ? { ...base, secrets: { mode: 'off' } } : base;
  const made: AirlockOptions[] = [];
  const airlock = createToolAirlocks(createAirlock(base), perTool, (options) => {
    made.push(options);
    return createAirlock(options);
  });
  const result = { content: [{ type: 'text', text: 'token ghp_0123456789abcdefghijABCDEFGHIJ012345' }] };

  it('applies the options of the tool the call names', () => {
    const masked = airlock.sanitizeToolResult(result, { toolName: 'search' }).sanitizedResult;
    const raw = airlock.sanitizeToolResult(result, { toolName: 'raw_dump' }).sanitizedResult;
    expect(JSON.stringify(masked)).not.toContain('ghp_0123');
    expect(JSON.stringify(raw)).toContain('ghp_0123');
  });

  it('shares one airlock between tools with the same effective options', () => {
    airlock.sanitizeToolResult(result, { toolName: 'search' });
    airlock.sanitizeToolResult(result, { toolName: 'fetch' });
    airlock.sanitizeToolResult(result, { toolName: 'raw_other' });
    expect(made).toHaveLength(2);
  });

  it('uses the server airlock when no tool is named', () => {
    const out = airlock.sanitizeToolResult(result).sanitizedResult;
    expect(JSON.stringify(out)).not.toContain('ghp_0123');
  });
});
