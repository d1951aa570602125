// Stopping the self-hosted server without cutting anyone off. Node's own `server.close()`
// destroys every connection it thinks idle, and a connection whose whole response has been
// handed to the socket counts as idle while the bytes still wait to be sent: a slow download
// of a dump was cut in the middle (issue 24). Here a stop:
// - stops accepting connections;
// - ends each idle keep-alive connection with a FIN after anything still buffered on it;
// - lets every response in flight finish, marked `Connection: close`, then ends its connection;
// - after the grace period, destroys what is left and says how many were cut.
import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

export interface GracefulClose {
  /** Resolves when every connection has ended; `cut` counts those destroyed at the deadline. */
  close(graceMs: number): Promise<{ cut: number }>;
}

/** The response Node is writing on a connection now, if any (pipelined ones wait behind it). */
const responseOn = (socket: Socket) => (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;

export function trackConnections(server: Server): GracefulClose {
  // Connections only: nothing per request until a stop begins (a listener per response cost
  // about a microsecond on each of `npm start`'s answers, issue 27). Node itself knows which
  // response each connection is writing.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  /** Ends the response's connection once it is done, unless Node has the next one in hand. */
  const endAfter = (response: ServerResponse, socket: Socket) => {
    response.once('close', () => {
      const next = responseOn(socket);
      if (next && next !== response) {
        if (!next.headersSent) next.shouldKeepAlive = false;
        endAfter(next, socket);
      } else {
        // end() sends its FIN after whatever is still buffered: the response arrives whole.
        socket.end();
      }
    });
  };

  return {
    close(graceMs) {
      // Before the server's own listener, which may finish a response at once (kept-answers.ts).
      server.prependListener('request', (_request, response: ServerResponse) => {
        response.shouldKeepAlive = false;
        if (response.socket) endAfter(response, response.socket);
      });
      return new Promise((resolve) => {
        let cut = 0;
        const deadline = setTimeout(() => {
          cut = sockets.size;
          for (const socket of sockets) socket.destroy();
        }, graceMs);
        deadline.unref();
        // net.Server's close: stop listening, without http.Server's destruction of "idle" sockets.
        NetServer.prototype.close.call(server, () => {
          clearTimeout(deadline);
          resolve({ cut });
        });
        for (const socket of sockets) {
          const response = responseOn(socket);
          if (!response) socket.end();
          else {
            if (!response.headersSent) response.shouldKeepAlive = false;
            endAfter(response, socket);
          }
        }
      });
    },
  };
}
