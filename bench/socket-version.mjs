// The live protocol version the benchmarks' sockets speak, read from its one home
// (domain/wire/version.ts) so a raise there never leaves the benchmarks refused as stale.
import { readFileSync } from "node:fs";

const source = readFileSync(new URL("../domain/wire/version.ts", import.meta.url), "utf8");
const version = source.match(/PROTOCOL_VERSION = (\d+);/)?.[1];
if (!version) throw new Error("PROTOCOL_VERSION not found in domain/wire/version.ts");

/** A socket URL with the protocol version parameter (`v`) added. */
export const versioned = (url) => `${url}${url.includes("?") ? "&" : "?"}v=${version}`;
