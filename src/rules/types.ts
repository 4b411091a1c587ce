/**
 * @module rules/types
 * A secret rule is plain data, in the manner of gitleaks: the registry validates and compiles it once, and one
 * keyword pass over a text decides which rules run at all. A rule only finds; masking is a separate pass.
 */

export interface SecretRule {
  /** kebab-case, unique across the registry; appears in masks as `[REDACTED:<id>]`. */
  readonly id: string;
  readonly description: string;
  /** Provider family, the file the rule lives in (e.g. `aws`, `github`, `generic`). */
  readonly family: string;
  /**
   * Lower-case literals of which at least one must occur (case-insensitively) in the text for the rule to run.
   * A distinctive token prefix (`ghp_`, `xoxb-`, `akia`) makes the best keyword.
   */
  readonly keywords: readonly string[];
  /** Must be linear-time (checked by a test with recheck). No `g`/`y` flag: the registry adds `g`. */
  readonly regex: RegExp;
  /** Capture group holding the secret; 0 (the default) means the whole match. */
  readonly secretGroup?: number;
  /** Minimum Shannon entropy (bits per character) of the secret, to skip low-entropy look-alikes. */
  readonly entropy?: number;
  /** Matches of the secret that are not secrets (placeholders, examples of a shape). */
  readonly allowlist?: {
    readonly regexes?: readonly RegExp[];
    /** Lower-case substrings; a secret containing one is not a secret (e.g. `example`, `xxxx`). */
    readonly stopwords?: readonly string[];
  };
  /**
   * What, right after the secret, shows it is code rather than a value, tried where the secret ends: `(` in
   * `token = getToken(user)`, a function called. No `g`/`y` flag: the registry makes it sticky.
   */
  readonly notBefore?: RegExp;
  /**
   * How far around a keyword hit the regex looks, in characters (defaults: 256 before, 768 after). Rules whose
   * match can sit far from their keyword (a PEM body, a Kubernetes Secret's data) widen it.
   */
  readonly window?: { readonly before?: number; readonly after?: number };
  /**
   * The regex begins with one of the rule's keywords, so the scan tries it only at each keyword hit (sticky),
   * never across a window. For rules whose keywords are common words (`token`, `password`).
   */
  readonly anchored?: boolean;
  /**
   * For anchored rules whose secret the regex bounds in length (to keep scans linear): what the secret goes on
   * with past that bound, read from its end, so that a longer value is masked whole rather than cut. No `g`/`y`
   * flag: the registry makes it sticky.
   */
  readonly continues?: RegExp;
  /**
   * Texts the rule must mask (positive) and must leave alone (negative); a test checks both for every rule.
   * Random parts may be written as templates the test expands with seeded random characters, so the source
   * holds no live-looking secret: `«aN»` N of [A-Za-z0-9], `«wN»` [A-Za-z0-9_-], `«hN»` [0-9a-f], `«HN»`
   * [0-9A-F], `«dN»` digits, `«lN»` [a-z0-9], `«uN»` [A-Z0-9], `«AN»` [A-Z], `«sN»` [a-z], `«zN»` base32
   * [a-z2-7], `«BN»` upper-case bech32.
   */
  readonly examples: {
    readonly positive: readonly string[];
    readonly negative: readonly string[];
  };
}
