/**
 * @module proxy/log
 * A tiny leveled logger that writes one line per entry to stderr. In proxy mode stdout is the JSON-RPC
 * channel, so nothing here may ever write there.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  readonly level: LogLevel;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export const LOG_LEVELS: readonly LogLevel[] = Object.freeze(['debug', 'info', 'warn', 'error', 'silent']);

export function isLogLevel(value: string): value is LogLevel {
  return Object.hasOwn(RANK, value);
}

/**
 * @example
 * const log = createLogger('info');
 * log.warn('upstream sent a line that is not JSON');
 */
export function createLogger(
  level: LogLevel = 'info',
  write: (line: string) => void = (line) => process.stderr.write(line),
): Logger {
  const min = RANK[level];
  const at =
    (name: Exclude<LogLevel, 'silent'>) =>
    (message: string): void => {
      if (RANK[name] >= min) write(`mcp-airlock ${name}: ${message}\n`);
    };
  return { level, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A logger that drops everything, for tests and embedding. */
export const silentLogger: Logger = createLogger('silent', () => {});
