/**
 * One value per server build. React Router's `createRequestHandler` handed a function derives its
 * routes and static handler again on every request (so that a development server can swap the
 * build); for the planning board that was about 14 ms of each page's Worker time (CPU profile,
 * issue 17). Handed the build itself, it derives them once. This keeps the build's lazy import and
 * makes the handler again only when the import answers with another build (a development
 * server's hot update), so both stay right.
 */
export function perBuild<B extends object, V>(load: () => Promise<B>, make: (build: B) => V): () => Promise<V> {
  let made: { build: B; value: V } | undefined;
  return async () => {
    const build = await load();
    if (made?.build !== build) made = { build, value: make(build) };
    return made.value;
  };
}
