import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { Permission } from '@labshop/shared';

/**
 * One area of the console (orders, members, inbox, ...): its menu entry and its routes. Each
 * feature exports one; `app/areas.tsx` lists them in menu order, so a new area is one line there.
 */
export interface ConsoleArea {
  /** First path segment below /console/ and the menu key. */
  path: string;
  label: string;
  icon: ReactNode;
  /** Shown and reachable only for staff whose roles grant it (any of them, given several). */
  permission?: Permission | readonly Permission[];
  /** Routes below /console/<path>/; the index route is the area's main screen. */
  routes: RouteObject[];
  /** A count beside the menu entry: what waits for the area's staff. */
  badge?: ComponentType;
}
