import http from "node:http";
import type { AddressInfo } from "node:net";

// A webhook receiver for tests: a plain HTTP server on 127.0.0.1 that keeps
// what it is sent and answers the status a test sets (or a redirect).

export interface Received {
  headers: Record<string, string>;
  body: string;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** What the next requests get: a status, or a redirect to `location`. */
  answer: { status: number; location?: string };
  close: () => Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver = { received: [] as Received[], answer: { status: 200 } } as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      receiver.received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
      const headers: Record<string, string> = receiver.answer.location ? { location: receiver.answer.location } : {};
      res.writeHead(receiver.answer.status, headers).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
