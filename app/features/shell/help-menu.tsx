import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Menu } from "../../components/ui/menu";
import { TOUR_PAGE, TOUR_REQUEST } from "./tour";

/** The header's help entry: the help centre and a replay of the product tour. */
export function HelpMenu() {
  const { t } = useTranslation("tour");
  const navigate = useNavigate();
  return (
    <div data-tour="help">
      <Menu
        label={t("menu.open")}
        buttonClassName="btn btn-ghost px-2.5"
        testId="help-menu"
        button={
          <span aria-hidden="true" className="flex h-5 w-5 items-center justify-center rounded-full border border-current text-xs font-bold">
            ?
          </span>
        }
        sections={[
          {
            items: [
              { key: "centre", label: t("menu.centre"), onSelect: () => void navigate("/help") },
              { key: "tour", label: t("menu.take"), onSelect: () => void navigate(TOUR_PAGE, { state: { [TOUR_REQUEST]: Date.now() } }), testId: "take-tour" },
            ],
          },
        ]}
      />
    </div>
  );
}
