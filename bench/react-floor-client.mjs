// The floor's client entry (bench/react-floor.mjs): hydrates the server's board with its data.
import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { FloorBoard } from "./react-floor-board.mjs";

hydrateRoot(document.getElementById("root"), createElement(FloorBoard, { cards: JSON.parse(document.getElementById("cards").textContent) }));
