import type { LimitKey } from "../../../domain/billing/plans";
import type { LimitCheck } from "../../services/plan-limits";
import { ApiProblem } from "../problem";

/** The page that compares the plans: every limit refusal points there. */
export const PRICE_PAGE = "/price";

/**
 * A translated 403 `plan_limit_<limit>`: its detail names /price and a `Link` header points
 * there, so any client can offer the way out.
 */
export function limitProblem(limit: LimitKey): ApiProblem {
  return new ApiProblem(403, `plan_limit_${limit}`, undefined, { Link: `<${PRICE_PAGE}>; rel="payment"` });
}

/** Throws `limitProblem` for a refused check. */
export function requireWithin(check: LimitCheck): void {
  if (!check.ok) throw limitProblem(check.limit);
}
