/** What is printed on a card: its value, or a drawn cup for the coffee (pass) card. */
import { COFFEE_CARD } from "../../../../domain/rooms/poker";

export function CardFace({ card, size = 26 }: { card: string; size?: number }) {
  if (card === COFFEE_CARD) {
    return (
      <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
        <path d="M4 9h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z" />
        <path d="M16 10h1.5a2.5 2.5 0 0 1 0 5H16M8 3.5c0 1 1 1.5 1 2.5M12 3.5c0 1 1 1.5 1 2.5" />
      </svg>
    );
  }
  return <span aria-hidden="true" className={card.length > 3 ? "text-base" : ""}>{card}</span>;
}
