import { type ComponentType, createElement, lazy } from 'react';

const registered: (() => Promise<unknown>)[] = [];

/**
 * A code-split component that can also be loaded ahead of time. Once loaded it renders at once
 * (no Suspense round), which keeps tests and repeat visits synchronous.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Component = (props: P) => createElement(loaded ?? Lazy, props);
  registered.push(preload);
  return Object.assign(Component, { preload });
}

/** Loads every code-split component declared so far (tests, or idle time after start). */
export function preloadLazyComponents(): Promise<unknown[]> {
  return Promise.all(registered.map((preload) => preload()));
}
