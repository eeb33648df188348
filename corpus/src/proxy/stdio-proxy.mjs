#!/usr/bin/env node
/* global process, setTimeout */
// A wrapper process between the CLI and a stdio server:
//   node stdio-proxy.mjs <delay-ms> <crash-after> <command> [args...]
// Every newline-delimited message, either way, is held <delay-ms> before it is passed on (order
// kept). With <crash-after> > 0, the connection dies after that many messages: the server is
// killed and the proxy exits 1 without passing anything further. Node built-ins only.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const [delayArg, crashArg, command, ...args] = process.argv.slice(2);
const delayMs = Number(delayArg);
const crashAfter = Number(crashArg);
if (!Number.isFinite(delayMs) || !Number.isFinite(crashAfter) || command === undefined) {
  process.stderr.write('usage: stdio-proxy.mjs <delay-ms> <crash-after> <command> [args...]\n');
  process.exit(2);
}
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'], detached: true });
let messages = 0;
let dead = false;
const die = () => {
  if (dead) return;
  dead = true;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
  process.exit(1);
};
const relay = (line, out) => {
  if (dead) return;
  messages += 1;
  if (crashAfter > 0 && messages > crashAfter) return die();
  const send = () => {
    if (!dead) out.write(`${line}\n`);
  };
  if (delayMs > 0) setTimeout(send, delayMs);
  else send();
};
createInterface({ input: process.stdin }).on('line', (line) => relay(line, child.stdin));
createInterface({ input: child.stdout }).on('line', (line) => relay(line, process.stdout));
process.stdin.on('end', () => setTimeout(() => child.stdin.end(), delayMs));
child.stdin.on('error', () => {});
child.on('exit', (code) => {
  if (!dead) setTimeout(() => process.exit(code ?? 1), delayMs);
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, die);
