/**
 * @module mcp-airlock/server
 * The server hook: `withAirlock(server, options)` puts the airlock into an SDK `Server` or `McpServer`. Its own
 * entry point because it imports the MCP SDK, which the package root does not.
 *
 * @example
 * import { withAirlock } from 'mcp-airlock/server';
 * const server = withAirlock(new McpServer({ name: 'issues', version: '1.0.0' }), { label: 'notice' });
 */
export type { IntegrationOptions } from './integrations/shared.js';
export { type WithAirlockOptions, withAirlock } from './integrations/with-airlock.js';
