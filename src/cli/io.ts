/**
 * @module cli/io
 * The streams a command reads and writes, passed in so tests run commands in-process, and the small helpers
 * every command shares: read all of stdin, parse options with one clear error line.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { AirlockError } from '../core/errors.js';

export interface CommandIO {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

export const processIO: CommandIO = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };

/** A command: arguments after its name in, exit code out. */
export type Command = (argv: string[], io?: CommandIO) => Promise<number>;

export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
type Parsed<T extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ options: T; allowPositionals: true; strict: true }>
>;

/** `parseArgs` whose errors become one `AirlockError` line instead of a stack trace. */
export function parseOptions<T extends OptionsConfig>(
  command: string,
  argv: string[],
  options: T,
  allowPositionals = false,
): Parsed<T> {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true }) as Parsed<T>;
  } catch (error) {
    throw new AirlockError('bad_option', `${command}: ${(error as Error).message.split('\n')[0]}`);
  }
}

/** Parses JSON from a named source, or throws one clear line saying where it broke. */
export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    throw new AirlockError('bad_json', `${source} is not valid JSON: ${reason}`);
  }
}

export function write(stream: NodeJS.WritableStream, text: string): void {
  stream.write(text.endsWith('\n') ? text : `${text}\n`);
}
