/** Filled in by the issue-4 work on this page. */
export default function ProjectEvents() {
  return <main className="mx-auto max-w-6xl px-4 py-8" />;
}
