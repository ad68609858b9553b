import { AppHeader } from "../shell/app-header";
import { SiteFooter } from "./site-footer";

/** The frame of a public page: the app's header, the page, the site footer. */
export function PublicPage({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className={`mx-auto w-full flex-1 px-4 py-10 ${wide ? "max-w-6xl" : "max-w-3xl"}`}>{children}</main>
      <SiteFooter />
    </div>
  );
}
