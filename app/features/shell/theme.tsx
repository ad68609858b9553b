import { createContext, type ReactNode, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState } from "react";
import { THEME_STORAGE_KEY, type Theme, toTheme } from "../../../domain/shell";

/**
 * Runs before first paint: puts the stored theme on <html> so a dark page never flashes light.
 * Kept tiny and free of imports because it is inlined into the document head.
 */
export const themeBootScript = `try{document.documentElement.dataset.theme=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)})==="dark"?"dark":"light"}catch(e){}`;

function storedTheme(): Theme {
  try {
    return toTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return "light";
  }
}

const ThemeContext = createContext<{ theme: Theme; setTheme: (t: Theme) => void }>({
  theme: "light",
  setTheme: () => {},
});

export function ThemeProvider({ children }: { children: ReactNode }) {
  // The first render must match the server's, which cannot see local storage: a different
  // toggle icon would fail hydration, and React 19 then re-creates <html> with the server's
  // attributes, dropping the boot script's theme. The stored theme arrives before first paint.
  const [theme, setThemeState] = useState<Theme>("light");
  const storageRead = useRef(false);
  useLayoutEffect(() => {
    if (!storageRead.current) {
      storageRead.current = true;
      const stored = storedTheme();
      // The boot script has put it on <html> already: the first render's "light" never goes there.
      if (stored !== theme) {
        setThemeState(stored);
        return;
      }
    }
    // Written only when it differs: setting it, even to its value, restyles every element (issue 17).
    if (document.documentElement.dataset.theme !== theme) document.documentElement.dataset.theme = theme;
  }, [theme]);

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage may be blocked; the choice then lasts for this page only.
    }
  }, []);
  // One value per theme: the shell's re-renders do not re-render every consumer.
  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export const useTheme = () => useContext(ThemeContext);
