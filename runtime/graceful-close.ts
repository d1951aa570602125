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

export function trackConnections(server: Server): GracefulClose {
  const sockets = new Set<Socket>();
  const inFlight = new Map<Socket, Set<ServerResponse>>();
  let closing = false;

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      inFlight.delete(socket);
    });
  });
  // Before the server's own listener, which may finish a response at once (kept-answers.ts).
  server.prependListener('request', (_request, response: ServerResponse) => {
    const socket = response.socket;
    if (!socket) return;
    if (closing) response.shouldKeepAlive = false;
    const responses = inFlight.get(socket) ?? new Set();
    responses.add(response);
    inFlight.set(socket, responses);
    response.once('close', () => {
      responses.delete(response);
      // end() sends its FIN after whatever is still buffered: the response arrives whole.
      if (closing && responses.size === 0) socket.end();
    });
  });

  return {
    close(graceMs) {
      closing = true;
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
          const responses = inFlight.get(socket);
          if (!responses || responses.size === 0) socket.end();
          else for (const response of responses) if (!response.headersSent) response.shouldKeepAlive = false;
        }
      });
    },
  };
}
