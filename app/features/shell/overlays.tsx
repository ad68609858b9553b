/**
 * The shell's floating parts: the tooltip host and the toast container of spec §9. Loaded
 * after the page has hydrated (root.tsx), so their libraries (react-tooltip with floating-ui,
 * react-toastify) are not in any page's entry JavaScript. A toast raised before the container
 * is mounted waits in react-toastify's queue and shows once it is.
 *
 * Both libraries' styles come with the page (app.css). Left to themselves they would add a
 * `<style>` of their own when they load, and a new style sheet restyles every element of the
 * page (issue 17): so react-toastify's unstyled build, and the tooltip without injection.
 */
import { ToastContainer } from "react-toastify/unstyled";
import { Tooltip } from "react-tooltip";
import { TOAST, TOOLTIP, tooltipVariant } from "../../../domain/shell";
import { useTheme } from "./theme";

export function Overlays() {
  const { theme } = useTheme();
  return (
    <>
      {/* Drawn in the scheme opposite to the page's. */}
      <Tooltip
        id={TOOLTIP.id}
        variant={tooltipVariant(theme)}
        offset={TOOLTIP.offset}
        arrowSize={TOOLTIP.arrowSize}
        style={{ transition: `opacity ${TOOLTIP.transitionSeconds}s` }}
        disableStyleInjection="core"
      />
      <ToastContainer
        position={TOAST.position}
        autoClose={TOAST.autoCloseMs}
        draggablePercent={TOAST.draggablePercent}
        theme={theme}
      />
    </>
  );
}
