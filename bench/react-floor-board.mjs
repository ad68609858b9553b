// The floor's board (bench/react-floor.mjs): React alone, no router, styles or translations. It
// carries every card's data, as our board page does, and renders the first screenful of them,
// as our board's virtualised lanes do. Rendered by the floor's server and hydrated by its client
// from this same module. Plain `createElement`: Node runs it without a JSX transform.
import { createElement as h, useEffect, useState } from "react";

/** Cards rendered at once: about what our board's lanes put in the DOM on a 1400 × 900 screen. */
export const SCREENFUL = 32;
const STATUSES = ["To do", "In progress", "Done"];

export function floorCards(count) {
  return Array.from({ length: count }, (_, i) => ({
    guid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    title: `Task ${i + 1} of the floor's board`,
    status: i % STATUSES.length,
    estimate: (i % 8) + 1,
    assignee: `Member ${i % 7}`,
    sprint: `Sprint ${i % 5}`,
  }));
}

function Card({ card }) {
  const [status, setStatus] = useState(card.status);
  return h(
    "li",
    { "data-testid": "board-task", "data-guid": card.guid },
    h("span", null, card.title),
    h("span", null, `${card.estimate} · ${card.assignee} · ${card.sprint}`),
    // `role=option` like our status menu's choices, so the bench's click watcher sees it.
    h("button", { type: "button", role: "option", "aria-selected": "false", onClick: () => setStatus((s) => (s + 1) % STATUSES.length) }, STATUSES[status]),
  );
}

export function FloorBoard({ cards }) {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "true");
  }, []);
  return h("main", null, h("h1", null, `${cards.length} cards`), h("ul", null, cards.slice(0, SCREENFUL).map((card) => h(Card, { key: card.guid, card }))));
}
