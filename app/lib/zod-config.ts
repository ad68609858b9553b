/**
 * Zod compiles object parsers with `new Function` when it may, and probes whether it may by
 * calling it when each object schema is built: under our Content-Security-Policy (no
 * 'unsafe-eval') that probe is a reported violation on every page. Jitless parsing is the same
 * parsing without the probe. Schemas are built while modules load, before any of our code
 * could call `z.config`, so the setting goes where zod reads it from (`globalThis`) in an inline
 * script at the top of <head>, which runs before every module.
 */
export const zodJitlessScript = "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true})";
