import { use, type ComponentType } from 'react';

/** A component whose code is fetched on demand, and once: a screen (router.tsx), a rare message. */
export interface LazyComponent<Props> {
  Component: ComponentType<Props>;
  /** Starts fetching the code; resolves once it is here. */
  load: () => Promise<unknown>;
}

/**
 * `promise`, marked fulfilled once it is (React's `FulfilledReactPromise`): `use` then reads its
 * value in the same render instead of suspending.
 */
export function tracked<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    () => undefined, // the caller handles the failure
  );
  return promise;
}

const forgetters = new Set<() => void>();

/**
 * Lets what failed to arrive be fetched again, at the next draw that needs it. Called once a
 * failure is on the screen (components/screen-error-boundary.tsx): forgetting it at once would
 * make React draw, fetch and fail again without end.
 */
export function forgetFailedFetches(): void {
  for (const forget of forgetters) forget();
  forgetters.clear();
}

/** `fetch`, made once and shared by every caller; after a failure, again once forgotten. */
export function fetchOnce<T>(fetch: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () =>
    (promise ??= tracked(
      fetch().catch((error: unknown) => {
        forgetters.add(() => (promise = undefined));
        throw error;
      }),
    ));
}

/**
 * A component whose code loads when first drawn (it suspends meanwhile). Once loaded it draws at
 * once, unlike React's `lazy`: the server's render and a hydration of its markup (after `load`)
 * need exactly that.
 */
export function lazyComponent<Props extends object>(fetchCode: () => Promise<{ default: ComponentType<Props> }>): LazyComponent<Props> {
  const load = fetchOnce(async () => (await fetchCode()).default);
  function Component(props: Props) {
    const Loaded = use(load());
    return <Loaded {...props} />;
  }
  return { Component, load };
}
