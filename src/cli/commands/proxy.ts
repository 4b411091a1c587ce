/**
 * @module cli/commands/proxy
 * `mcp-airlock [options] -- <command...>` and `mcp-airlock --upstream <url> [--listen host:port]`: parses the
 * options, merges them over the config file, builds the airlock and runs the proxy until the host leaves or
 * a signal arrives. Bad options throw `AirlockError('bad_option')`; the CLI top prints the one line.
 */
import { type LoadedConfig, loadConfig } from '../../config/load.js';
import { createAirlock as defaultCreateAirlock } from '../../core/airlock.js';
import { AirlockError } from '../../core/errors.js';
import type { AirlockOptions } from '../../core/options.js';
import type { Airlock } from '../../core/types.js';
import { createAudit } from '../../proxy/audit.js';
import { runProxy } from '../../proxy/index.js';
import { createLogger, isLogLevel, LOG_LEVELS, type LogLevel } from '../../proxy/log.js';
import { createPins } from '../../proxy/pins.js';
import type { ProxyMessageEvent } from '../../proxy/relay.js';
import { createToolAirlocks } from '../../proxy/tool-airlocks.js';

export interface ProxyArgs {
  command: string[] | undefined;
  upstream: string | undefined;
  listen: { host: string; port: number } | undefined;
  listenTokenEnv: string | undefined;
  headers: Record<string, string>;
  bearerEnv: string | undefined;
  timeoutMs: number | undefined;
  maxMessageBytes: number | undefined;
  restart: boolean;
  logLevel: LogLevel | undefined;
  envAllow: string[] | undefined;
  secretEnv: string[];
  allowOrigins: string[];
  serverName: string | undefined;
  config: string | undefined;
  audit: string | undefined;
}

export const PROXY_USAGE = `usage: mcp-airlock [options] -- <server command> [args...]
       mcp-airlock [options] --upstream <url> [--listen 127.0.0.1:<port>]
options:
  --upstream <url>          wrap a Streamable HTTP server instead of a command
  --listen <host:port>      serve Streamable HTTP at http://<host:port>/mcp instead of stdio
  --listen-token-env NAME   bearer token the HTTP endpoint requires (required off loopback)
  --allow-origin ORIGIN     extra Origin accepted by the HTTP endpoint (repeatable)
  --header K:V              header sent upstream (repeatable)
  --bearer-env NAME         bearer token sent upstream, read from this environment variable
  --timeout-ms N            per-request timeout
  --max-message-bytes N     largest message accepted (default 64 MiB)
  --restart                 restart a stdio server that exits
  --env-allow NAME          only pass these environment variables to the server (repeatable, PREFIX_*)
  --secret-env NAME         redact the value of this environment variable everywhere (repeatable)
  --server-name NAME        name used in labels, config and audit
  --config PATH             airlock.config.json to use
  --audit FILE              append one JSON line per sanitized message
  --log-level LEVEL         ${LOG_LEVELS.join(' | ')}`;

function positiveInt(flag: string, value: string): number {
  if (!/^\d+$/.test(value) || Number(value) <= 0) {
    throw new AirlockError('bad_option', `${flag} needs a positive integer, got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** `127.0.0.1:8787`, `[::1]:8787` or `:8787` (loopback). */
export function parseListen(value: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]*)):(\d{1,5})$/.exec(value);
  const port = m === null ? Number.NaN : Number(m[3]);
  if (m === null || port > 65535) {
    throw new AirlockError('bad_option', `--listen needs host:port, got ${JSON.stringify(value)}`);
  }
  const host = m[1] ?? (m[2] === '' || m[2] === undefined ? '127.0.0.1' : m[2]);
  return { host, port };
}

/** Parses the proxy's argv (everything after the program name). */
export function parseProxyArgs(argv: readonly string[]): ProxyArgs {
  const args: ProxyArgs = {
    command: undefined,
    upstream: undefined,
    listen: undefined,
    listenTokenEnv: undefined,
    headers: {},
    bearerEnv: undefined,
    timeoutMs: undefined,
    maxMessageBytes: undefined,
    restart: false,
    logLevel: undefined,
    envAllow: undefined,
    secretEnv: [],
    allowOrigins: [],
    serverName: undefined,
    config: undefined,
    audit: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      args.command = argv.slice(i + 1);
      if (args.command.length === 0) throw new AirlockError('bad_option', 'no server command given after --');
      break;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const value = (): string => {
      if (eq !== -1) return arg.slice(eq + 1);
      const next = argv[++i];
      if (next === undefined) throw new AirlockError('bad_option', `${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--upstream':
        args.upstream = value();
        break;
      case '--listen':
        args.listen = parseListen(value());
        break;
      case '--listen-token-env':
        args.listenTokenEnv = value();
        break;
      case '--allow-origin':
        args.allowOrigins.push(value());
        break;
      case '--header': {
        const v = value();
        const colon = v.indexOf(':');
        if (colon <= 0)
          throw new AirlockError('bad_option', `--header needs Name:value, got ${JSON.stringify(v)}`);
        args.headers[v.slice(0, colon).trim()] = v.slice(colon + 1).trim();
        break;
      }
      case '--bearer-env':
        args.bearerEnv = value();
        break;
      case '--timeout-ms':
        args.timeoutMs = positiveInt(flag, value());
        break;
      case '--max-message-bytes':
        args.maxMessageBytes = positiveInt(flag, value());
        break;
      case '--restart':
        args.restart = true;
        break;
      case '--log-level': {
        const v = value();
        if (!isLogLevel(v)) {
          throw new AirlockError(
            'bad_option',
            `--log-level must be one of ${LOG_LEVELS.join(', ')}, got ${v}`,
          );
        }
        args.logLevel = v;
        break;
      }
      case '--env-allow':
        args.envAllow = [...(args.envAllow ?? []), value()];
        break;
      case '--secret-env':
        args.secretEnv.push(value());
        break;
      case '--server-name':
        args.serverName = value();
        break;
      case '--config':
        args.config = value();
        break;
      case '--audit':
        args.audit = value();
        break;
      default:
        throw new AirlockError(
          'bad_option',
          arg.startsWith('-')
            ? `unknown option ${flag} (see mcp-airlock --help)`
            : `unexpected argument ${JSON.stringify(arg)}: put the server command after --`,
        );
    }
  }
  return args;
}

const RUNNERS = new Set([
  'node',
  'nodejs',
  'npx',
  'npm',
  'pnpm',
  'yarn',
  'bunx',
  'bun',
  'deno',
  'uvx',
  'uv',
  'python',
  'python3',
  'docker',
  'exec',
  'run',
]);
const NOISE = /^(?:index|main|server|cli|dist|build|lib|src|bin|out)(?:\.[cm]?[jt]s|\.py)?$/;

/**
 * A readable server name from its command, for labels and audit lines: the first argument that is not a runner
 * or a flag, without `dist/index.js`-style path segments (`npx -y @scope/server-x` → `@scope/server-x`).
 */
export function guessServerName(command: readonly string[]): string {
  const target =
    command.find((a, i) => !a.startsWith('-') && !(RUNNERS.has(a) && i < command.length - 1)) ?? 'server';
  const parts = target.split(/[\\/]/).filter((p) => p !== '' && p !== '.' && p !== '..');
  while (parts.length > 1 && NOISE.test(parts.at(-1) as string)) parts.pop();
  const name = parts.at(-1) ?? target;
  const scope = parts.at(-2);
  return (scope?.startsWith('@') ? `${scope}/${name}` : name).replace(/\.[cm]?[jt]s$|\.py$/, '');
}

/** An audit sink: one call per sanitized message. */
export interface AuditSink {
  write(event: ProxyMessageEvent): void;
  close?(): void | Promise<void>;
}

/** Seams for tests: the airlock factory, the audit sink, the environment. */
export interface ProxyCommandDeps {
  readonly createAirlock?: (options: AirlockOptions) => Airlock;
  readonly createAudit?: (file: string) => AuditSink;
  readonly env?: NodeJS.ProcessEnv;
}

function readEnv(env: NodeJS.ProcessEnv, name: string, flag: string): string {
  const v = env[name];
  if (v === undefined || v === '')
    throw new AirlockError('bad_option', `${flag} ${name}: the variable is not set`);
  return v;
}

/**
 * Runs the proxy; resolves with the process exit code.
 *
 * @example
 * process.exitCode = await run(['--', 'node', 'server.js']);
 */
export async function run(argv: string[], deps: ProxyCommandDeps = {}): Promise<number> {
  const env = deps.env ?? process.env;
  if (argv[0] === '--help' || argv[0] === '-h') {
    process.stdout.write(`${PROXY_USAGE}\n`);
    return 0;
  }
  const args = parseProxyArgs(argv);
  const loaded = loadConfig(args.config, process.cwd(), env);
  const proxyConfig = loaded.config.proxy ?? {};
  const log = createLogger(args.logLevel ?? loaded.logLevel);

  const upstreamUrl = args.upstream ?? (args.command === undefined ? proxyConfig.upstream : undefined);
  if (args.command === undefined && upstreamUrl === undefined) {
    throw new AirlockError('bad_option', 'give a server command after -- or --upstream <url>');
  }
  if (args.command !== undefined && args.upstream !== undefined) {
    throw new AirlockError('bad_option', 'give either a server command after -- or --upstream, not both');
  }
  const listen =
    args.listen ?? (proxyConfig.listen === undefined ? undefined : parseListen(proxyConfig.listen));
  const listenToken =
    args.listenTokenEnv === undefined
      ? proxyConfig.listenToken
      : readEnv(env, args.listenTokenEnv, '--listen-token-env');
  const bearerToken =
    args.bearerEnv === undefined ? proxyConfig.bearerToken : readEnv(env, args.bearerEnv, '--bearer-env');
  const headers = { ...proxyConfig.headers, ...args.headers };
  const serverName =
    args.serverName ?? (args.command === undefined ? undefined : guessServerName(args.command));

  const configName = args.serverName ?? serverName;
  // The proxy's own tokens and header values never reach the host, whatever the server echoes.
  const ownSecrets = [listenToken, bearerToken, ...Object.values(args.headers)].filter(
    (v): v is string => typeof v === 'string' && v.length >= 4,
  );
  const withProxyContext = (options: AirlockOptions): AirlockOptions => ({
    ...options,
    ...(serverName === undefined ? {} : { serverName }),
    secrets: {
      ...options.secrets,
      values: [...(options.secrets?.values ?? []), ...ownSecrets],
      fromEnv: [...(options.secrets?.fromEnv ?? []), ...args.secretEnv],
    },
    env,
  });
  const createAirlock = deps.createAirlock ?? defaultCreateAirlock;
  const serverAirlock = createAirlock(withProxyContext(loaded.forServer(configName)));
  const airlock = hasToolOverrides(loaded.config, configName)
    ? createToolAirlocks(
        serverAirlock,
        (tool) => withProxyContext(loaded.forTool(configName, tool)),
        createAirlock,
      )
    : serverAirlock;

  const auditFile = args.audit ?? loaded.config.audit;
  let audit: AuditSink | undefined;
  if (auditFile !== undefined) {
    audit = (
      deps.createAudit ??
      ((file: string) => createAudit(file, { onError: (e) => log.error(`audit: ${e.message}`) }))
    )(auditFile);
  }
  let transformToolsList: ((result: unknown) => unknown) | undefined;
  if (loaded.config.pins?.enabled !== false) {
    const pins = createPins({
      ...(loaded.config.pins?.file === undefined ? {} : { file: loaded.config.pins.file }),
      ...(loaded.config.pins?.onChange === undefined ? {} : { onChange: loaded.config.pins.onChange }),
      env,
    });
    transformToolsList = pins.transformToolsList(serverName ?? upstreamUrl ?? 'server', (check) => {
      if (check.changed.length > 0) {
        log.warn(
          `tool definitions changed since pinned: ${check.changed.join(', ')} (mcp-airlock pins approve)`,
        );
      }
      if (check.hidden.length > 0) log.warn(`hidden until approved: ${check.hidden.join(', ')}`);
      for (const hint of check.hints)
        log.warn(`injection-shaped text in tool ${hint.tool ?? '?'}: ${hint.id} at ${hint.path}`);
    });
  }

  const restart = args.restart || proxyConfig.restart === true;
  const handle = await runProxy({
    command: args.command,
    upstream:
      upstreamUrl === undefined
        ? undefined
        : { url: upstreamUrl, headers, ...(bearerToken === undefined ? {} : { bearerToken }) },
    listen:
      listen === undefined
        ? undefined
        : {
            ...listen,
            ...(listenToken === undefined ? {} : { token: listenToken }),
            allowedOrigins: args.allowOrigins,
          },
    airlock,
    serverName,
    timeoutMs: args.timeoutMs ?? proxyConfig.timeoutMs,
    maxMessageBytes: args.maxMessageBytes ?? proxyConfig.maxMessageBytes,
    restart,
    envAllow: args.envAllow ?? proxyConfig.envAllow,
    log,
    onMessage: audit === undefined ? undefined : (event) => audit.write(event),
    transformToolsList,
  });
  // Always reported (whatever the log level), in one parseable line: tests and scripts read the port here.
  if (handle.url !== undefined) process.stderr.write(`mcp-airlock: listening ${handle.url}\n`);
  const onSignal = (signal: NodeJS.Signals): void => {
    log.info(`${signal}: shutting down`);
    void handle.close();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('SIGHUP', onSignal);
  const code = await Promise.race([
    handle.done,
    new Promise<number>((resolve) => {
      const stop = () => resolve(0);
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      process.once('SIGHUP', stop);
    }),
  ]);
  await handle.close();
  await audit?.close?.();
  return code;
}

/** Whether any tool glob applies to this server: only then does the proxy route per tool. */
function hasToolOverrides(config: LoadedConfig['config'], server: string | undefined): boolean {
  if (Object.keys(config.tools ?? {}).length > 0) return true;
  const own = server === undefined ? undefined : config.servers?.[server];
  return own !== undefined && Object.keys(own.tools ?? {}).length > 0;
}
