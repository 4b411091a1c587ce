/**
 * @module bench/relay-floor
 * The least any stdio proxy does: split lines, JSON.parse and JSON.stringify each message, forward it. No
 * sanitizing, no request tracking. With `--raw` it does not even parse: lines are forwarded as they came, which
 * is what a third process on the same cores costs before it reads anything. bench/proxy.mjs runs both beside
 * the real proxy so that the 8-caller ratio can be read against them.
 *   node bench/relay-floor.mjs [--raw] <server command...>
 */
import { spawn } from 'node:child_process';

const raw = process.argv[2] === '--raw';
const [command, ...args] = process.argv.slice(raw ? 3 : 2);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });

/** Calls `onLine` for each complete line of a byte stream. */
function lines(onLine) {
  let rest = '';
  return (chunk) => {
    const text = rest + chunk.toString('utf8');
    let from = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
      onLine(text.slice(from, nl));
      from = nl + 1;
    }
    rest = text.slice(from);
  };
}

const forward = (out) => (line) => {
  if (line.trim() !== '') out.write(`${raw ? line : JSON.stringify(JSON.parse(line))}\n`);
};
process.stdin.on('data', lines(forward(server.stdin)));
server.stdout.on('data', lines(forward(process.stdout)));
process.stdin.on('end', () => server.stdin.end());
server.on('exit', (code) => process.exit(code ?? 1));
