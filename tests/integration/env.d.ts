import type { Env } from "../../workers/env";

declare global {
  namespace Cloudflare {
    interface Env extends import("../../workers/env").Env {}
  }
}
declare module "cloudflare:test" {
  interface ProvidedEnv extends Env {}
}
