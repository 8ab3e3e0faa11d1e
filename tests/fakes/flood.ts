import type http from "node:http";

/**
 * Answers a client's caps are tested with (ADR 0117): `huge`, a JSON body of 50 MB sent as fast as the client
 * reads it; `endless`, one that never ends, a few bytes every 50 ms. No Content-Length either way, so the client
 * can only count what comes.
 */
export type Flood = "huge" | "endless";

/** What one flood sent: the bytes the client took (or the kernel's buffers held) before it hung up, and whether it did. */
export type FloodRecord = { sent: number; ended: boolean; hungUp: boolean };

export const HUGE_BYTES = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "x");

/** Sends a flood of `kind` as the answer, noting in `record` what went out; it stops when the client hangs up. */
export function flood(response: http.ServerResponse, kind: Flood, record: FloodRecord): void {
  // A client that gave up while the request was still coming has hung up already ("close" has been and gone).
  if (response.destroyed || !response.socket || response.socket.destroyed) return void (record.hungUp = true);
  response.writeHead(200, { "content-type": "application/json" });
  const write = (bytes: Buffer | string) => {
    record.sent += Buffer.byteLength(bytes);
    return response.write(bytes);
  };
  let timer: NodeJS.Timeout | undefined;
  response.on("close", () => {
    clearInterval(timer);
    record.hungUp = !record.ended;
  });
  write('{"ok":true,"result":true,"detail":"');
  if (kind === "endless") {
    timer = setInterval(() => write("xxxxxxxx"), 50);
    return;
  }
  const more = () => {
    while (!response.destroyed && record.sent < HUGE_BYTES) if (!write(CHUNK)) return void response.once("drain", more);
    if (response.destroyed) return;
    record.ended = true;
    response.end('"}');
  };
  more();
}
