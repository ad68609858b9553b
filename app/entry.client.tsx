import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { chunksBeforeHydration } from "./lib/before-hydration";

// React Router's own entry, but hydrating once the lazy parts the server rendered have their
// chunks (lib/before-hydration.ts): a first click on them is then never lost.
void chunksBeforeHydration().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
