/**
 * @module mcp-airlock/client
 * The client wrapper: `wrapClient(client, options)` returns an SDK `Client` whose results come back sanitized,
 * the server's originals reachable with `rawResultOf`. Its own entry point because it imports the MCP SDK,
 * which the package root does not.
 *
 * @example
 * import { rawResultOf, wrapClient } from 'mcp-airlock/client';
 * const client = wrapClient(new Client({ name: 'agent', version: '1.0.0' }));
 */
export type { IntegrationOptions } from './integrations/shared.js';
export {
  rawResultOf,
  type WithRawResult,
  type WrapClientOptions,
  wrapClient,
} from './integrations/wrap-client.js';
