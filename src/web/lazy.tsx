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

/**
 * A component whose code loads when first drawn (it suspends meanwhile). Once loaded it draws at
 * once, unlike React's `lazy`: the server's render and a hydration of its markup (after `load`)
 * need exactly that.
 */
export function lazyComponent<Props extends object>(fetchCode: () => Promise<{ default: ComponentType<Props> }>): LazyComponent<Props> {
  let code: Promise<ComponentType<Props>> | undefined;
  const load = () =>
    (code ??= tracked(
      fetchCode().then(
        (module) => module.default,
        (error: unknown) => {
          code = undefined; // a failed fetch is tried again on the next visit
          throw error;
        },
      ),
    ));
  function Component(props: Props) {
    const Loaded = use(load());
    return <Loaded {...props} />;
  }
  return { Component, load };
}
