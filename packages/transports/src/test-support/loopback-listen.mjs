// Preload (`node --import`) for servers that can only be told a port: every `listen(port, ...)`
// binds 127.0.0.1 instead of all interfaces, and the chosen port is reported on stderr.
import net from 'node:net';
import process from 'node:process';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  if (typeof args[0] !== 'number' && typeof args[0] !== 'string') return listen.apply(this, args);
  const callback = args.find((arg) => typeof arg === 'function');
  this.once('listening', () => process.stderr.write(`LOOPBACK_LISTENING ${this.address().port}\n`));
  return listen.call(this, { port: Number(args[0]), host: '127.0.0.1' }, callback);
};
