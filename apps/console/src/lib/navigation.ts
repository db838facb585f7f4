/** Lets non-React code (the API client) send the user to a route of the console router. */
let navigate: (to: string) => void = (to) => window.location.assign(`/console${to}`);

export function setNavigator(fn: (to: string) => void): void {
  navigate = fn;
}

export const navigateTo = (to: string) => navigate(to);
