import { useEffect, useState } from 'preact/hooks';

type Theme = 'auto' | 'light' | 'dark';
const STORAGE = 'herdgate.theme';
const NEXT: Record<Theme, Theme> = { auto: 'dark', dark: 'light', light: 'auto' };

/** Follows the system (`prefers-color-scheme`) unless the user picked light or dark. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem(STORAGE) as Theme | null) ?? 'auto');
  useEffect(() => {
    if (theme === 'auto') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    localStorage.setItem(STORAGE, theme);
  }, [theme]);
  return (
    <button type="button" class="quiet" aria-label={`Theme: ${theme}. Switch to ${NEXT[theme]}`} onClick={() => setTheme(NEXT[theme])}>
      {theme === 'auto' ? '◐ Auto' : theme === 'dark' ? '● Dark' : '○ Light'}
    </button>
  );
}
