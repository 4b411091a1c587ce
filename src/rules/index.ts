/**
 * @module rules
 * The built-in secret rules, one file per provider family, in a fixed order (the order breaks ties when two
 * rules match the same span, so prefixed provider rules come before the generic context rules).
 */
import { rules as aws } from './aws.js';
import { rules as azure } from './azure.js';
import { rules as ci } from './ci.js';
import { rules as cloud } from './cloud.js';
import { rules as commands } from './commands.js';
import { rules as configFiles } from './config-files.js';
import { rules as databases } from './databases.js';
import { rules as forges } from './forges.js';
import { rules as gcp } from './gcp.js';
import { rules as generic } from './generic.js';
import { rules as github } from './github.js';
import { rules as gitlab } from './gitlab.js';
import { rules as jwt } from './jwt.js';
import { rules as llm } from './llm.js';
import { rules as messaging } from './messaging.js';
import { rules as network } from './network.js';
import { rules as observability } from './observability.js';
import { rules as passwordHashes } from './password-hashes.js';
import { rules as payment } from './payment.js';
import { rules as privateKeys } from './private-keys.js';
import { rules as registries } from './registries.js';
import { rules as saas } from './saas.js';
import type { SecretRule } from './types.js';
import { rules as web } from './web.js';

export type { SecretRule } from './types.js';

/** Every built-in rule: provider families first, generic context rules last. */
export const RULES: readonly SecretRule[] = Object.freeze([
  ...privateKeys,
  ...passwordHashes,
  ...aws,
  ...gcp,
  ...azure,
  ...cloud,
  ...github,
  ...gitlab,
  ...forges,
  ...llm,
  ...payment,
  ...messaging,
  ...ci,
  ...registries,
  ...observability,
  ...saas,
  ...databases,
  ...jwt,
  ...generic,
  ...web,
  ...commands,
  ...configFiles,
  ...network,
]);

/**
 * The rules as the `mcp-airlock rules` command lists them.
 *
 * @example
 * listRules().map((r) => r.id);
 */
export function listRules(): {
  id: string;
  description: string;
  keywords: readonly string[];
  family: string;
}[] {
  return RULES.map((r) => ({ id: r.id, description: r.description, keywords: r.keywords, family: r.family }));
}
