/**
 * Lazy parts that hydration waits for. A lazy part the server rendered (the task board's table, a
 * task open over the board) stays the server's HTML until its chunk has arrived, and React drops
 * a click or key on a part it cannot hydrate yet: it does not replay discrete events. So a route
 * module that sees such a part in the server's HTML starts its chunk from its module scope (route
 * modules are evaluated before the client entry runs) and `entry.client.tsx` hydrates once they
 * have all arrived. A chunk that fails to load does not hold hydration: its part asks for it
 * again when React renders it, as any lazy part does.
 */
import { type ComponentProps, type ComponentType, createElement, lazy, Suspense, useState } from "react";

const pending: Promise<unknown>[] = [];
/** Parts the server renders in place (`inline`): loaded before it renders a page. */
const inlineParts: (() => Promise<unknown>)[] = [];

/** Resolves once every part the server renders in place has its module (at once after the first page). */
export function inlinePartsReady(): Promise<unknown> {
  return Promise.all(inlineParts.map((start) => start()));
}

/** Resolves once every chunk asked for so far has arrived (or failed). */
export function chunksBeforeHydration(): Promise<unknown> {
  return Promise.all(pending);
}

/**
 * `React.lazy` over `load`, with `start` (load it now, e.g. while the browser is idle) and
 * `beforeHydration` (load it now, in the browser only, and make hydration wait for it). Once the
 * chunk is here the part renders in the same pass: `lazy` is handed a thenable that answers at
 * once, where a new `import()` promise would answer a microtask later, and React would leave the
 * server's HTML in place until then.
 */
// `any`: the props of whichever component the chunk holds.
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<{ default: C }>, options: { inline?: boolean } = {}) {
  let loaded: { default: C } | undefined;
  let loading: Promise<{ default: C }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (chunk) => (loaded = chunk),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const arrived = () => ({ then: (done: (chunk: { default: C }) => void) => done(loaded!) }) as unknown as Promise<{ default: C }>;
  const Component = lazy(() => (loaded ? arrived() : start()));
  if (options.inline && typeof document === "undefined") inlineParts.push(start);
  return {
    Component,
    /**
     * The part in place, without a Suspense boundary of its own, when its chunk is here (always on
     * the server, `inlinePartsReady`; before hydration in the browser when `beforeHydration` was
     * asked), else the lazy part in one. React 19.2 moves a finished boundary of more than 500
     * bytes to the end of a large page's HTML and reveals it from a script (issue 17: the
     * header's tools appeared late and the page was laid out once more). Decided once per mount,
     * so a part that arrives later is not mounted a second time.
     */
    Inline(props: ComponentProps<C>) {
      const [here] = useState(() => loaded);
      if (here) return createElement(here.default, props);
      return createElement(Suspense, { fallback: null }, createElement(Component, props));
    },
    start,
    beforeHydration() {
      if (typeof document !== "undefined") pending.push(start().catch(() => undefined));
    },
  };
}
