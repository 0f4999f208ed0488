/**
 * Where the theme's choice is kept (next-themes' storage key): the app's ThemeProvider stores it
 * there, and the page's head script reads it to apply the theme before the app has run.
 */
export const THEME_STORAGE_KEY = "theme";
