// Preload for the report-latency comparison only: puts back Nagle's algorithm on every socket of
// the process (setNoDelay becomes a no-op), i.e. the embedded broker as it was before d6e615b.
import net from 'node:net';
net.Socket.prototype.setNoDelay = function keepNagle() {
  return this;
};
