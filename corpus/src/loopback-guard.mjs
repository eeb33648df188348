/* global process */
// Preloaded into every corpus server (NODE_OPTIONS=--import): a connection or DNS lookup to
// anything but loopback is refused and its host appended to CORPUS_GUARD_LOG, which the corpus
// test asserts stays empty. Unix sockets and pipes pass.
import { appendFileSync } from 'node:fs';
import dns from 'node:dns';
import net from 'node:net';
import { syncBuiltinESMExports } from 'node:module';

const log = process.env.CORPUS_GUARD_LOG;
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost', '::ffff:127.0.0.1']);
const record = (what, host) => {
  if (log) appendFileSync(log, `${what} ${String(host)} pid=${process.pid} argv=${process.argv.slice(1, 3).join(' ')}\n`);
};
const isLoopback = (host) => host === undefined || host === null || host === '' || LOOPBACK.has(host) || /^127\./.test(host);

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(...args) {
  const first = args[0];
  const options = Array.isArray(first) ? first[0] : first;
  let host;
  if (typeof options === 'object' && options !== null) host = options.path === undefined ? (options.host ?? 'localhost') : undefined;
  else if (typeof options === 'number' || (typeof options === 'string' && /^\d+$/.test(options)))
    host = typeof args[1] === 'string' ? args[1] : 'localhost';
  if (!isLoopback(host)) {
    record('connect', host);
    process.nextTick(() => this.destroy(Object.assign(new Error('corpus: non-loopback connection refused'), { code: 'ECONNREFUSED' })));
    return this;
  }
  return connect.apply(this, args);
};
const lookup = dns.lookup;
dns.lookup = function guardedLookup(hostname, ...rest) {
  if (!isLoopback(hostname)) {
    record('lookup', hostname);
    const callback = rest.at(-1);
    if (typeof callback === 'function')
      process.nextTick(() => callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })));
    return {};
  }
  return lookup.call(this, hostname, ...rest);
};
const promisesLookup = dns.promises.lookup;
dns.promises.lookup = async function guardedPromisesLookup(hostname, ...rest) {
  if (!isLoopback(hostname)) {
    record('lookup', hostname);
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  }
  return promisesLookup.call(this, hostname, ...rest);
};
syncBuiltinESMExports();
