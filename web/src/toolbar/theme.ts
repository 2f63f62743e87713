import { createSignal } from "solid-js";

/** The colour theme: the system's, or forced light or dark (kept in this browser). */
export type ThemeChoice = "system" | "light" | "dark";

const THEME_KEY = "weft.theme";
export const THEME_CHOICES: readonly ThemeChoice[] = ["system", "light", "dark"];

function stored(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system";
  }
}

/** Sets `<html data-theme>` (styles.css reads it); "system" removes it so the media query decides. */
function apply(choice: ThemeChoice): void {
  if (choice === "system") document.documentElement.removeAttribute("data-theme");
  else document.documentElement.setAttribute("data-theme", choice);
}

const [theme, setThemeSignal] = createSignal<ThemeChoice>(stored());
// Applied when this module loads, before the first paint of the designer.
apply(theme());

export { theme };

export function setTheme(choice: ThemeChoice): void {
  setThemeSignal(choice);
  apply(choice);
  try {
    if (choice === "system") localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
}
