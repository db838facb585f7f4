/**
 * Lets non-React code (the request client, the session store) navigate with the app's router.
 * The router registers itself at start-up; before that, navigation falls back to a full load.
 */
type Navigate = (to: string) => void;
let navigator: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string): void {
  navigator(to);
}
