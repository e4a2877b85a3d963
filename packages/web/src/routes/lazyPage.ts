import { lazyRouteComponent } from "@tanstack/react-router";
import type { JSX } from "react";

/**
 * A screen that reads its route (search, params, a key) in its own chunk, like the screens given
 * to `lazyRouteComponent` directly (docs/architecture.md "Page weight"): the router fetches the
 * chunk alongside the route's loader on the first visit, or on hover (`defaultPreload: "intent"`),
 * and renders once it is in, so no screen's code is in the site's first load. `render` makes the
 * route's component from the page's module.
 */
export function lazyPage<M>(load: () => Promise<M>, render: (page: M) => () => JSX.Element) {
  return lazyRouteComponent(() => load().then((page) => ({ default: render(page) })));
}
