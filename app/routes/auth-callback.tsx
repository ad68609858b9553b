import { useEffect } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { WhoAmI } from "../../domain/auth/schemas";
import { safeNext } from "../../domain/shell";
import { Spinner } from "../features/shell/spinner";
import { apiCall } from "../lib/api";

/**
 * `/auth-callback`: where an external sign-in lands. The startup session check is skipped here
 * (spec §4); the page checks the fresh session itself, then goes to the last page.
 */
export default function AuthCallback() {
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    void (async () => {
      const result = await apiCall<WhoAmI>("GET", "/v2/whoami");
      if (result.error) return void navigate("/login", { replace: true });
      await revalidate();
      await navigate(safeNext(localStorage.getItem("lastPage")), { replace: true });
    })();
  }, [navigate, revalidate]);
  return <Spinner fullHeight />;
}
