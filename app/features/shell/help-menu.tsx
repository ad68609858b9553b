import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { TOUR_PAGE, TOUR_REQUEST } from "./tour";
import { useDismiss } from "../../lib/use-dismiss";

/** The header's help entry: the help centre and a replay of the product tour. */
export function HelpMenu() {
  const { t } = useTranslation("tour");
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);

  useDismiss(open, panel, useCallback(() => setOpen(false), []));

  const takeTour = () => {
    setOpen(false);
    void navigate(TOUR_PAGE, { state: { [TOUR_REQUEST]: Date.now() } });
  };

  return (
    <div className="relative" ref={panel} data-tour="help">
      <button type="button" className="btn btn-ghost px-2.5" aria-expanded={open} aria-haspopup="menu" onClick={() => setOpen(!open)} data-testid="help-menu">
        <span aria-hidden="true" className="flex h-5 w-5 items-center justify-center rounded-full border border-current text-xs font-bold">
          ?
        </span>
        <span className="sr-only">{t("menu.open")}</span>
      </button>
      {open && (
        <div className="card absolute right-0 z-40 mt-2 flex w-56 flex-col p-1" role="menu" aria-label={t("menu.open")}>
          <Link role="menuitem" to="/help" className="rounded-lg px-3 py-2 text-sm hover:bg-[var(--surface-2)]" onClick={() => setOpen(false)}>
            {t("menu.centre")}
          </Link>
          <button role="menuitem" type="button" className="rounded-lg px-3 py-2 text-left text-sm hover:bg-[var(--surface-2)]" onClick={takeTour} data-testid="take-tour">
            {t("menu.take")}
          </button>
        </div>
      )}
    </div>
  );
}
