/**
 * A fake mail provider on loopback speaking the shape of Resend's `POST /emails`
 * (Bearer token, JSON `{from, to, subject, text, html}`, answer `{id}`). Runs in Node beside
 * vitest; tests read what it received from `GET /received`.
 */
import { createServer } from "node:http";
import type { TestProject } from "vitest/node";

export default async function setup(project: TestProject) {
  const received: unknown[] = [];
  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/received") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(received));
      return;
    }
    if (req.method !== "POST" || req.url !== "/emails") return void res.writeHead(404).end();
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.headers.authorization !== "Bearer test-mail-token") {
        res.writeHead(401, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "invalid api key" }));
        return;
      }
      let parsed: { to?: unknown; subject?: unknown } = {};
      try {
        parsed = JSON.parse(body);
      } catch {
        return void res.writeHead(422).end();
      }
      if (typeof parsed.to !== "string" || typeof parsed.subject !== "string") return void res.writeHead(422).end();
      received.push({ ...parsed, contentType: req.headers["content-type"] });
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ id: `mail-${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  project.provide("mailProviderUrl", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module "vitest" {
  export interface ProvidedContext {
    mailProviderUrl: string;
  }
}
