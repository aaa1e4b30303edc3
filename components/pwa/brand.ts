/** Colours the browser chrome and the installed app use (they match --primary and --background). */
export const THEME_COLOR = "#127646";
export const BACKGROUND_COLOR = "#fdfcf8";
