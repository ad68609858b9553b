import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import { THEME_STORAGE_KEY, type Theme, toTheme } from "../../../domain/shell";

/**
 * Runs before first paint: puts the stored theme on <html> so a dark page never flashes light.
 * Kept tiny and free of imports because it is inlined into the document head.
 */
export const themeBootScript = `try{document.documentElement.dataset.theme=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)})==="dark"?"dark":"light"}catch(e){}`;

const ThemeContext = createContext<{ theme: Theme; setTheme: (t: Theme) => void }>({
  theme: "light",
  setTheme: () => {},
});

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(() =>
    typeof document === "undefined" ? "light" : toTheme(document.documentElement.dataset.theme),
  );
  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    document.documentElement.dataset.theme = next;
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage may be blocked; the choice then lasts for this page only.
    }
  }, []);
  return <ThemeContext.Provider value={{ theme, setTheme }}>{children}</ThemeContext.Provider>;
}

export const useTheme = () => useContext(ThemeContext);
