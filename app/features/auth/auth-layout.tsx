import type { ReactNode } from "react";
import { Logo } from "../shell/app-header";
import { LanguageSelect, ThemeToggle } from "../shell/preferences";

/** The bar of the pages one reaches outside a project: the logo, the language and the theme. */
export function GuestBar() {
  return (
    <>
      <Logo />
      <div className="ml-auto flex items-center gap-2">
        <LanguageSelect />
        <ThemeToggle />
      </div>
    </>
  );
}

/** The centred card that sign-in, reset and set-password pages share. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-4">
        <GuestBar />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-8 pb-16 sm:pt-16">
        <div className="card w-full max-w-md p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {subtitle && <p className="muted mt-1 mb-6 text-sm">{subtitle}</p>}
          {children}
        </div>
      </main>
    </div>
  );
}
