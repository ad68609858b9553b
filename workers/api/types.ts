import type { i18n as I18n } from "i18next";
import type { Language } from "../../domain/i18n/languages";
import type { Db } from "../db/client";
import type { User } from "../db/schema";
import type { AccessRows } from "../services/access";
import type { Env } from "../env";

export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    lang: Language;
    i18n: I18n;
    /** The signed-in user, when the request carries a live session. */
    user?: User;
    /** SHA-256 of the session token that authenticated the request. */
    sessionHash?: string;
    /** How the session came: a cookie (needs the Origin check on writes) or a Bearer header. */
    authVia?: "cookie" | "bearer";
    /** The caller's rows on the project the path names, read with the session (middleware.ts). */
    accessRows?: AccessRows;
  };
}
