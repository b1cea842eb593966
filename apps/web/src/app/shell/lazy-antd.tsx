import { lazy, useState, type ComponentType } from 'react';
import type { Alert as AntAlert, Breadcrumb as AntBreadcrumb, Dropdown as AntDropdown, Select as AntSelect } from 'antd';

let loaded = false;
const deferred = () =>
  import('./header-popups').then((m) => {
    loaded = true;
    return m;
  });

/** Resolves once the deferred chunk is there (at once if it is). */
export const whenDeferredLoaded = () => deferred().then(() => undefined);
/** Whether the deferred chunk is there. */
export const deferredLoaded = () => loaded;

/**
 * The open state of a lazy Dropdown whose trigger shows before the chunk is there: a click on the stand-in
 * trigger (the Suspense fallback) is kept, and the dropdown opens once it is there (controlled, as antd would
 * keep it). Only the fallback gets `openWhenLoaded`: the chunk can have loaded while React still shows the
 * fallback, so "loaded" is not "mounted", and a click in between must not be lost.
 */
export function useDeferredOpen() {
  const [open, setOpen] = useState(false);
  return {
    open,
    onOpenChange: (next: boolean) => setOpen(next),
    openWhenLoaded: () => void whenDeferredLoaded().then(() => setOpen(true)),
  };
}
const piece = <T,>(pick: (m: Awaited<ReturnType<typeof deferred>>) => unknown) =>
  lazy(() => deferred().then((m) => ({ default: pick(m) as ComponentType<object> }))) as unknown as T;

/**
 * antd pieces and the sider from the shell's deferred chunk (header-popups.ts): the first render of any
 * loads it (right after the shell's first render), and until then each place shows a same-size stand-in
 * (its Suspense fallback).
 */
export const Dropdown = piece<typeof AntDropdown>((m) => m.Dropdown);
export const Select = piece<typeof AntSelect>((m) => m.Select);
export const Breadcrumb = piece<typeof AntBreadcrumb>((m) => m.Breadcrumb);
export const Alert = piece<typeof AntAlert>((m) => m.Alert);
export const AppSider = piece<typeof import('./sider').AppSider>((m) => m.AppSider);
