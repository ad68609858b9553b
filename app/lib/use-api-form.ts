import type { TFunction } from "i18next";
import { useCallback, useState } from "react";
import type { z } from "zod";
import { serverErrors, zodFieldErrors } from "../components/ui/form-errors";
import type { ApiResult } from "./api";

type Parsed<T> = { success: true; data: T } | { success: false; error: z.ZodError };

/** What a form posted without JavaScript was answered (the page's action), to start from. */
export interface FormStart {
  errors?: Record<string, string>;
  detail?: string;
}

/**
 * The one way a form sends what its schema accepted: the client check first (field errors at
 * once, translated from their keys), then the call; a refusal keeps the server's translated
 * `detail` and `fields`. `send` resolves to the answer's data, or null when the form was refused.
 * `detailField` names a schema key with no control of its own (e.g. a link's token): its client
 * error is shown as the form's detail.
 */
export function useApiForm(t: TFunction, start: FormStart & { detailField?: string } = {}) {
  const [errors, setErrors] = useState<Record<string, string>>(start.errors ?? {});
  const [detail, setDetail] = useState(start.detail ?? "");
  const [busy, setBusy] = useState(false);
  const { detailField } = start;
  const send = useCallback(
    async <In, Out>(parsed: Parsed<In>, call: (data: In) => Promise<ApiResult<Out>>): Promise<{ data: Out } | null> => {
      setDetail("");
      if (!parsed.success) {
        const fields = zodFieldErrors(parsed.error, t);
        if (detailField && fields[detailField]) setDetail(fields[detailField]);
        setErrors(fields);
        return null;
      }
      setErrors({});
      setBusy(true);
      const result = await call(parsed.data);
      setBusy(false);
      if (result.error) {
        const server = serverErrors(result.error, t);
        setDetail(server.detail);
        setErrors(server.fields);
        return null;
      }
      return { data: result.data };
    },
    [t, detailField],
  );
  return { errors, detail, busy, send, setErrors, setDetail };
}
