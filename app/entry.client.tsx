import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { chunksBeforeHydration } from "./lib/before-hydration";
import { loadTranslations, translationsOfPage } from "./lib/translations";

// React Router's own entry, but hydrating once the lazy parts the server rendered have their
// chunks (lib/before-hydration.ts): a first click on them is then never lost; and once the
// page's translations are here (lib/translations.ts), so the first render speaks as the server's.
const translations = translationsOfPage();
void Promise.all([chunksBeforeHydration(), translations && loadTranslations(translations)]).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
