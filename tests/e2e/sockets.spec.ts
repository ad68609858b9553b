/** What every live socket shares on the wire, seen from a real browser. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PROTOCOL_VERSION } from "../../domain/wire/version";
import { createProjectFromList, E2E_STATE, expect, origin, person, test } from "./fixtures";

test("every live socket opens without per-message compression, though the browser offers it", async ({ browser }) => {
  const owner = await person(browser, "Wire Watcher");
  const page = owner.page;
  const project = (await createProjectFromList(page, "Sockets")).split("/")[2]!;
  const post = async (path: string, data: object, status = 201) => {
    const res = await page.request.post(`/api/v1${path}`, { data, headers: origin() });
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()) as { guid: string };
  };
  const room = await post(`/project/${project}/rooms`, { kind: "poker", title: "Wire room", method: "fibonacci" });
  await post(`/rooms/${room.guid}/join`, { name: owner.name }, 200);
  const doc = await post(`/project/${project}/docs`, { kind: "text", title: "Wire notes" });

  // Chromium offers `permessage-deflate` on every socket; the server must agree to no extension,
  // so no frame of a fan-out is deflated once per socket (docs/decisions.md, stop 45).
  const paths = [`/ws/project/${project}`, `/ws/room/${room.guid}`, `/ws/doc/${doc.guid}`].map((path) => `${path}?v=${PROTOCOL_VERSION}`);
  const opened = await page.evaluate(
    (list) =>
      Promise.all(
        list.map(
          (path) =>
            new Promise<{ path: string; extensions: string }>((resolve, reject) => {
              const socket = new WebSocket(`${location.origin.replace("http", "ws")}${path}`);
              socket.onopen = () => {
                resolve({ path, extensions: socket.extensions });
                socket.close();
              };
              socket.onerror = () => reject(new Error(`${path} did not open`));
            }),
        ),
      ),
    paths,
  );
  expect(opened).toEqual(paths.map((path) => ({ path, extensions: "" })));
  expect(owner.errors).toEqual([]);
});

test("the local server keeps no trace of each frame (wrangler's local observability is off)", async ({ page }) => {
  // Wrangler 4 turns it on by default: every event of every object, each socket frame a room
  // receives, then goes to a trace collector in the same runtime and to disk (scripts/lib.mjs,
  // docs/decisions.md, stop 51). Its store is made as the server starts.
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  expect(existsSync(join(E2E_STATE, "v3", "d1")), `${E2E_STATE} is the running server's state`).toBe(true);
  expect(existsSync(join(E2E_STATE, "v3", "observability"))).toBe(false);
});
